import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  api,
  CHANNEL_TYPE,
  NOTIFICATION_EVENTS,
  type TNotificationDelivery,
  type TNotificationRule,
} from '@vitrina/contract';
import { Alert, Button, Card, Checkbox, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { getMessage } from '../../../lib/notify';

type Draft = {
  key: number;
  event: (typeof NOTIFICATION_EVENTS)[number];
  /** null: Vitrina mail (works before any channel is set up). */
  channel_id: number | null;
  recipients: string[];
  to_operators: boolean;
};

/** The channel picker's value for Vitrina mail (a rule without a channel). */
const VITRINA_MAIL = 'vitrina_mail';

const LOG_COLORS = { queued: 'blue', sent: 'green', failed: 'red' } as const;

let nextKey = 1;

/** §2 `/notification/system/client`: which events go to which channel and recipients, and what went out. */
export default function ClientRoutingScreen() {
  const { t } = useTranslation();
  const [orgId, setOrgId] = useState<number | undefined>();
  const routing = useEndpoint(api.notificationRouting.info, { query: { org_id: orgId } });
  const [logPage, setLogPage] = useState(1);
  const log = useEndpoint(api.notificationRouting.log, { query: { org_id: orgId, page: logPage, per_page: 20 } });
  const save = useEndpointMutation(api.notificationRouting.update);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  useEffect(() => {
    setDrafts((routing.data?.rules ?? []).map((rule) => ({ ...rule, key: nextKey++ })));
  }, [routing.data]);

  const channels = routing.data?.channels ?? [];
  const isMail = (channelId: number | null) =>
    channelId === null || channels.find((channel) => channel.id === channelId)?.type === CHANNEL_TYPE.mail;
  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const submit = () => {
    const rules: TNotificationRule[] = drafts.map(({ event, channel_id, recipients, to_operators }) => ({
      event,
      channel_id,
      recipients,
      to_operators,
    }));
    save.mutate(
      { body: { org_id: orgId, rules } },
      { onSuccess: () => getMessage().success(t('notifications.saved')) },
    );
  };

  const logColumns: ColumnsType<TNotificationDelivery> = [
    { key: 'time', title: t('notifications.time'), render: (_, row) => formatDateUtc(row.created_at) },
    { key: 'event', title: t('notifications.event'), render: (_, row) => t(`notifications.events.${row.event}`) },
    {
      key: 'channel',
      title: t('notifications.channel'),
      responsive: ['md'],
      render: (_, row) => row.channel_name ?? '—',
    },
    { key: 'recipient', title: t('notifications.recipient_label'), render: (_, row) => row.recipient },
    {
      key: 'status',
      title: t('notifications.status'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Tag color={LOG_COLORS[row.status]}>{t(`notifications.log_status.${row.status}`)}</Tag>
          {row.whatsapp_status && row.whatsapp_status !== 'failed' && (
            <span>{t(`notifications.whatsapp_status.${row.whatsapp_status}`)}</span>
          )}
          {row.parts > 1 && <span>{t('notifications.parts', { count: row.parts })}</span>}
          {row.error && <span className="error-text">{row.error}</span>}
          {row.fallback_to && <span>{t('notifications.fallback_to', { email: row.fallback_to })}</span>}
        </Space>
      ),
    },
    {
      key: 'attempts',
      title: t('notifications.attempts'),
      align: 'right',
      responsive: ['md'],
      render: (_, row) => row.attempts,
    },
  ];

  return (
    <>
      <PageHeader title={t('menu.notification_client')} />
      <Card variant="borderless" className="panel-card" style={{ marginBottom: 16 }}>
        <div className="list-filters">
          <OrganizationFilter value={orgId} onChange={setOrgId} />
        </div>
      </Card>
      <Card
        variant="borderless"
        className="panel-card"
        title={t('notifications.routes')}
        extra={
          <Button type="primary" onClick={submit} loading={save.isPending} disabled={!routing.data}>
            {t('notifications.save')}
          </Button>
        }
      >
        {routing.data && channels.length === 0 && (
          <Alert type="info" showIcon message={t('notifications.vitrina_mail_hint')} style={{ marginBottom: 16 }} />
        )}
        <div className="routing-events">
          {NOTIFICATION_EVENTS.map((event) => {
            const routes = drafts.filter((draft) => draft.event === event);
            return (
              <section key={event} className="routing-event" aria-label={t(`notifications.events.${event}`)}>
                <h3 className="support-heading">{t(`notifications.events.${event}`)}</h3>
                {routes.length === 0 && <p className="muted">{t('notifications.no_routes')}</p>}
                {routes.map((draft) => (
                  <div key={draft.key} className="routing-route">
                    <Select<number | typeof VITRINA_MAIL>
                      aria-label={t('notifications.channel')}
                      placeholder={t('notifications.channel')}
                      value={draft.channel_id ?? VITRINA_MAIL}
                      onChange={(value) => {
                        const channelId = value === VITRINA_MAIL ? null : value;
                        // The operators are told by mail only; choosing a channel of one's own starts without them.
                        change(draft.key, {
                          channel_id: channelId,
                          to_operators: channelId === null && draft.to_operators,
                        });
                      }}
                      options={[
                        { value: VITRINA_MAIL, label: t('notifications.vitrina_mail') },
                        ...channels.map((channel) => ({
                          value: channel.id,
                          label: `${channel.name} · ${t(`notifications.type.${channel.type}`)}${channel.active ? '' : ` (${t('notifications.inactive_channel')})`}`,
                        })),
                      ]}
                      style={{ minWidth: 200 }}
                    />
                    <Checkbox
                      checked={draft.to_operators}
                      disabled={!isMail(draft.channel_id)}
                      onChange={(event) => change(draft.key, { to_operators: event.target.checked })}
                    >
                      {t('notifications.to_operators')}
                    </Checkbox>
                    <Select<string[]>
                      mode="tags"
                      aria-label={t('notifications.recipients')}
                      placeholder={t('notifications.recipients_hint')}
                      value={draft.recipients}
                      onChange={(recipients) => change(draft.key, { recipients })}
                      open={false}
                      tokenSeparators={[',', ' ']}
                      style={{ flex: 1, minWidth: 220 }}
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('notifications.remove_route')}
                      onClick={() => setDrafts((list) => list.filter((item) => item.key !== draft.key))}
                    />
                  </div>
                ))}
                <Button
                  size="small"
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() =>
                    setDrafts((list) => [
                      ...list,
                      { key: nextKey++, event, channel_id: null, recipients: [], to_operators: true },
                    ])
                  }
                >
                  {t('notifications.add_route')}
                </Button>
              </section>
            );
          })}
        </div>
      </Card>
      <Card variant="borderless" className="panel-card" title={t('notifications.log')} style={{ marginTop: 16 }}>
        <Table<TNotificationDelivery>
          rowKey="id"
          size="small"
          className="data-table"
          scroll={{ x: 'max-content' }}
          columns={logColumns}
          dataSource={log.data?.items}
          loading={log.isFetching}
          locale={{ emptyText: t('notifications.log_empty') }}
          pagination={{
            current: logPage,
            pageSize: 20,
            total: log.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setLogPage,
          }}
        />
      </Card>
    </>
  );
}
