import { DatabaseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { api, type DatasetTag } from '@vitrina/contract';
import { Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatasetTagSelect } from '../../../components/dataset-tag-select';
import { invalidateAreas, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';

/**
 * Sends the door session of a resolved dispute to the camera's training dataset, with the
 * dataset's tags chosen in a small dialog. The sale's card and the dataset refresh after.
 */
export function SendToDataset({ saleId }: { saleId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [tags, setTags] = useState<DatasetTag[]>([]);
  const send = useEndpointMutation(api.transaction.toDataset, {
    alsoInvalidates: [api.dataset.list.tag],
    onSuccess: () => {
      getMessage().success(t('transactions.sensor_check.dataset.done'));
      setIsOpen(false);
    },
    // Sent already (another tab, another operator): the client showed why; the card catches up.
    onError: () => invalidateAreas(queryClient, [api.transaction.info.tag]),
  });

  return (
    <>
      <Button className="wrap-button" icon={<DatabaseOutlined />} onClick={() => setIsOpen(true)}>
        {t('transactions.sensor_check.dataset.send')}
      </Button>
      <Modal
        title={t('transactions.sensor_check.dataset.title')}
        open={isOpen}
        onCancel={() => setIsOpen(false)}
        onOk={() => send.mutate({ params: { id: saleId }, body: { tags } })}
        okText={t('transactions.sensor_check.dataset.submit')}
        cancelText={t('actions.cancel')}
        confirmLoading={send.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('transactions.sensor_check.dataset.hint')}</Typography.Paragraph>
        <Form layout="vertical" requiredMark={false}>
          <Form.Item
            label={t('transactions.sensor_check.dataset.tags')}
            htmlFor="dispute-dataset-tags"
            extra={t('transactions.sensor_check.dataset.tags_hint')}
            style={{ marginBottom: 0 }}
          >
            <DatasetTagSelect id="dispute-dataset-tags" value={tags} onChange={setTags} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
