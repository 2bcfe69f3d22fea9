import { api, type TMicromarket } from '@vitrina/contract';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { getMessage } from '../../../lib/notify';
import { useMicromarketOptions } from '../../../lib/queries/micromarket-options';
import { useOrganizationAccess } from './use-organization';

/** The settings are copied from the card's own micromarket. */
type Values = Pick<FormValues<typeof api.micromarket.copySettings>, 'to_ids'>;

/** Row action "copy": this micromarket's settings onto others, all in one transaction. */
export function CopySettingsModal({ source, onClose }: { source: TMicromarket | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const options = useMicromarketOptions();
  const { canEdit } = useOrganizationAccess();
  const copy = useEndpointMutation(api.micromarket.copySettings);
  const targets = (options.data?.items ?? []).filter((item) => item.id !== source?.id && canEdit(item.org_id));

  const submit = ({ to_ids }: Values) => {
    if (!source) return;
    copy.mutate(
      { body: { from_id: source.id, to_ids } },
      {
        onSuccess: (answer) => {
          getMessage().success(t('devices.copy.done', { count: answer.count }));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={source !== null}
      title={t('devices.copy.title', { name: source?.name ?? '' })}
      okText={t('devices.copy.submit')}
      cancelText={t('actions.cancel')}
      onOk={form.submit}
      onCancel={onClose}
      confirmLoading={copy.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="to_ids"
          label={t('devices.copy.targets')}
          extra={t('devices.copy.hint')}
          rules={[{ required: true, message: t('devices.copy.pick_one') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={targets.map((item) => ({ value: item.id, label: item.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
