import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { api, type TNotificationChannel } from '@vitrina/contract';
import { Alert, Button, Card, Form, Input, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatRelativeTime } from '../../../lib/format';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { ChannelFormDrawer } from '../components/channel-form-drawer';

/** Where a channel sends from, in a word: the bot, the SMTP server and sender, the WhatsApp number. */
function targetOf(channel: TNotificationChannel): string {
  if (channel.type === 2) return `${channel.from_address ?? ''} · ${channel.host ?? ''}:${channel.port ?? ''}`;
  if (channel.type === 3) return channel.phone_number_id ?? '';
  return channel.secret ?? '';
}

function TestModal({ channel, onClose }: { channel: TNotificationChannel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ recipient: string }>();
  const test = useEndpointMutation(api.notificationChannel.test);
  const [outcome, setOutcome] = useState<{ ok: boolean; error: string | null } | null>(null);
  const close = () => {
    setOutcome(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={channel ? t('notifications.test_title', { name: channel.name }) : ''}
      open={channel !== null}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('notifications.test')}
      cancelText={t('actions.cancel')}
      confirmLoading={test.isPending}
      destroyOnHidden
    >
      {channel && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={({ recipient }) =>
            test.mutate(
              { params: { id: channel.id }, body: { recipient } },
              { onSuccess: (answer) => setOutcome(answer), onError: (error) => applyServerErrors(form, error) },
            )
          }
        >
          <Form.Item name="recipient" label={t(`notifications.recipient.${channel.type}`)}>
            <Input maxLength={254} autoFocus autoComplete="off" />
          </Form.Item>
          {outcome && (
            <Alert
              type={outcome.ok ? 'success' : 'error'}
              showIcon
              message={
                outcome.ok ? t('notifications.test_ok') : t('notifications.test_failed', { error: outcome.error })
              }
            />
          )}
        </Form>
      )}
    </Modal>
  );
}

/** §2 `/notification/system/channel`: the organisation's Telegram bots, SMTP mail and WhatsApp numbers. */
export default function ChannelListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const organizations = useOrganizationOptions();
  const { query, update, hasFilters, result } = useListQuery(api.notificationChannel.list);
  const activate = useEndpointMutation(api.notificationChannel.activate);
  const deactivate = useEndpointMutation(api.notificationChannel.deactivate);
  const remove = useEndpointMutation(api.notificationChannel.delete);
  const [editing, setEditing] = useState<TNotificationChannel | 'new' | null>(null);
  const [testing, setTesting] = useState<TNotificationChannel | null>(null);
  const canEdit = (orgId: number) => organizations.data?.items.find((org) => org.id === orgId)?.access_level === 2;

  const columns: ColumnsType<TNotificationChannel> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, channel) => (
        <Space direction="vertical" size={0}>
          <strong>{channel.name}</strong>
          <span className="muted">{targetOf(channel)}</span>
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('notifications.type_label'),
      render: (_, channel) => <Tag>{t(`notifications.type.${channel.type}`)}</Tag>,
    },
    {
      key: 'status',
      title: t('notifications.status'),
      render: (_, channel) =>
        channel.active ? (
          <Tag color="green">{t('notifications.active')}</Tag>
        ) : (
          <Tag>{t('notifications.inactive')}</Tag>
        ),
    },
    {
      key: 'test',
      title: t('notifications.last_test'),
      responsive: ['md'],
      render: (_, channel) => {
        if (!channel.last_test_at) return <span className="muted">{t('notifications.never_tested')}</span>;
        const when = formatRelativeTime(channel.last_test_at, { locale });
        return channel.last_test_error ? (
          <span className="error-text" title={channel.last_test_error}>
            {when}: {channel.last_test_error}
          </span>
        ) : (
          <span>
            {when}: {t('notifications.test_ok_short')}
          </span>
        );
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, channel) =>
        canEdit(channel.org_id) && (
          <RowActions
            actions={[
              {
                key: 'test',
                icon: <SendOutlined />,
                text: t('notifications.test'),
                onClick: () => setTesting(channel),
              },
              {
                key: 'active',
                text: channel.active ? t('notifications.deactivate') : t('notifications.activate'),
                onClick: () => (channel.active ? deactivate : activate).mutate({ params: { id: channel.id } }),
              },
            ]}
            edit={{ label: t('notifications.edit', { name: channel.name }), onClick: () => setEditing(channel) }}
            remove={{
              label: t('notifications.delete', { name: channel.name }),
              confirm: t('notifications.delete_confirm', { name: channel.name }),
              onConfirm: () =>
                remove.mutate(
                  { params: { id: channel.id } },
                  { onSuccess: () => getMessage().success(t('common.deleted')) },
                ),
            }}
          />
        ),
    },
  ];
  const shownColumns = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.notification_channel')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('notifications.new')}
          </Button>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TNotificationChannel>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('notifications.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <ChannelFormDrawer channel={editing} onClose={() => setEditing(null)} />
      <TestModal channel={testing} onClose={() => setTesting(null)} />
    </>
  );
}
