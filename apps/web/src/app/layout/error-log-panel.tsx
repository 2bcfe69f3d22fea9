import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorLogEntry, useErrorLog } from '../store/error-log';

/** The error log's badge, button and table; loaded only once there is an error to show. */
export default function ErrorLogPanel() {
  const { t } = useTranslation();
  const { entries, clear } = useErrorLog();
  const [isOpen, setOpen] = useState(false);

  const columns = [
    {
      key: 'message',
      title: t('error_log.message'),
      width: 280,
      render: (_: unknown, entry: ErrorLogEntry) => (
        <>
          <Typography.Text strong>{entry.error}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entry.url}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'stack',
      title: t('error_log.stack'),
      render: (_: unknown, entry: ErrorLogEntry) => (
        <pre style={{ margin: 0, fontSize: 11, whiteSpace: 'pre-wrap', maxHeight: 200, overflow: 'auto' }}>
          {entry.stack || entry.info}
        </pre>
      ),
    },
  ];

  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          danger
          icon={<BugOutlined />}
          aria-label={t('error_log.title')}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        title={t('error_log.title')}
        open={isOpen}
        width={900}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('error_log.clear_all')}
          </Button>
        }
      >
        <Table rowKey="id" size="small" columns={columns} dataSource={entries} pagination={false} scroll={{ y: 480 }} />
      </Modal>
    </>
  );
}
