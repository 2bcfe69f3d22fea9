import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { api, PUSH_STATUSES, type PushStatus, type TPushMessage } from '@vitrina/contract';
import { Button, Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { formatOnOrgClock } from '../components/push-time';

const STATUS_COLORS: Record<PushStatus, string> = {
  scheduled: 'blue',
  sending: 'gold',
  sent: 'green',
  failed: 'red',
  cancelled: 'default',
};

/** Spec: "no screen polls faster than every 30 s"; the queue refreshes while a message waits or goes out. */
const REFRESH_MS = 30_000;

function useAudienceText() {
  const { t } = useTranslation();
  return (message: TPushMessage) => {
    switch (message.audience) {
      case 'all':
        return t('push.audience_all');
      case 'groups':
        return t('push.audience_groups', { names: message.group_names.join(', ') });
      case 'user':
        return t('push.audience_user', { name: message.user_name ?? `#${message.user_id}` });
      case 'phone':
        return t('push.audience_phone', { phone: message.phone });
    }
  };
}

function SendTime({ message }: { message: TPushMessage }) {
  const [date, zone] = formatOnOrgClock(message.send_at, message.time_zone).split(' (');
  return (
    <span className="push-queue-time">
      <span>{date}</span> <span className="muted">({zone}</span>
    </span>
  );
}

/** §2 `/push/queue`: scheduled, sending, sent, failed and cancelled messages with their delivery counts. */
export default function PushQueueScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const audienceText = useAudienceText();
  const { query, update, hasFilters, result } = useListQuery(api.push.list, { refetchIntervalMs: REFRESH_MS });
  const cancel = useEndpointMutation(api.push.cancel);

  const statusTag = (message: TPushMessage) => (
    <Tag color={STATUS_COLORS[message.status]}>{t(`push.status.${message.status}`)}</Tag>
  );
  const columns: ColumnsType<TPushMessage> = [
    {
      key: 'send_at',
      title: t('push.col_send_at'),
      width: 150,
      responsive: ['md'],
      render: (_, message) => <SendTime message={message} />,
    },
    {
      key: 'message',
      title: t('push.col_message'),
      render: (_, message) => (
        <div className="push-queue-message">
          <span>
            <strong>{message.title}</strong>{' '}
            {message.importance === 'important' && <Tag color="volcano">{t('push.importance.important')}</Tag>}
          </span>
          <span className="muted">{message.body}</span>
          <span className="muted">
            {audienceText(message)}
            {message.created_by_name ? ` · ${t('push.by', { name: message.created_by_name })}` : ''}
          </span>
          {message.error && <span className="error-text">{message.error}</span>}
          {/* On a phone the time and status columns are hidden: they come along here. */}
          <span className="only-phone">
            <SendTime message={message} /> {statusTag(message)}
            <span>{t('push.delivery_count', { delivered: message.delivered, recipients: message.recipients })}</span>
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('push.status_label'),
      responsive: ['md'],
      render: (_, message) => statusTag(message),
    },
    {
      key: 'delivery',
      title: t('push.col_delivery'),
      responsive: ['md'],
      render: (_, message) => (
        <div className="push-queue-message">
          <span>{t('push.delivery_count', { delivered: message.delivered, recipients: message.recipients })}</span>
          <span className="muted">
            {t('push.delivery_rest', { skipped: message.skipped_limit, failed: message.failed })}
          </span>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 72,
      render: (_, message) => (
        <RowActions
          actions={[
            {
              key: 'cancel',
              label: t('push.cancel', { title: message.title }),
              icon: <StopOutlined />,
              isDanger: true,
              confirm: { title: t('push.cancel_confirm'), okText: t('push.cancel_ok'), isOkDanger: true },
              onClick: () =>
                cancel.mutate(
                  { params: { id: message.id } },
                  { onSuccess: () => getMessage().success(t('push.cancelled')) },
                ),
              isHidden: message.status !== 'scheduled',
            },
          ]}
        />
      ),
    },
  ];
  const shownColumns = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.push_queue')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/push/new')}>
            {t('push.new')}
          </Button>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('push.queue_search')} value={query.q} onSearch={(q) => update({ q })} />
          <Select<PushStatus>
            allowClear
            aria-label={t('push.status_label')}
            placeholder={t('push.status_label')}
            value={query.status}
            onChange={(status?: PushStatus) => update({ status })}
            options={PUSH_STATUSES.map((status) => ({ value: status, label: t(`push.status.${status}`) }))}
            style={{ minWidth: 160 }}
          />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TPushMessage>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('push.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
    </>
  );
}
