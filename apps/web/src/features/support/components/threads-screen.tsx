import { PlusOutlined } from '@ant-design/icons';
import { type SupportKind, TICKET_PRIORITIES, type TicketPriority, type TSupportThread } from '@vitrina/contract';
import { Button, Card, Segmented, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { formatRelativeTime } from '../../../lib/format';
import { useListQuery } from '../../../lib/list-query';
import { useLiveRefetch } from '../../../lib/live';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { useLocale } from '../../../lib/use-locale';
import { PRIORITY_COLORS, STATUS_COLORS, threadApi, topicOf } from './thread-api';
import { ThreadDrawer } from './thread-drawer';
import { ThreadFormDrawer } from './thread-form-drawer';

/** The archive switch chooses a view, not a filter: clearing the filters keeps it. */
const NOT_FILTERS = ['archive'] as const;

/**
 * §2 `/support/list` and `/ticket/list`: current and archived conversations, newest activity
 * first, refreshed live; a row opens the conversation beside the list.
 */
export function ThreadsScreen({ kind }: { kind: SupportKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const a = threadApi(kind);
  const { query, update, hasFilters, result } = useListQuery(a.list, { notFilters: NOT_FILTERS });
  useLiveRefetch(topicOf(kind), [a.list.tag]);
  const organizations = useOrganizationOptions();
  const canCreate = organizations.data?.items.some((org) => org.access_level === 2) ?? false;
  const [openId, setOpenId] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);

  const columns: ColumnsType<TSupportThread> = [
    {
      key: 'title',
      title: t('support.title'),
      render: (_, thread) => (
        <div className="support-row">
          <Button
            type="link"
            style={{
              padding: 0,
              fontWeight: 500,
              height: 'auto',
              justifySelf: 'start',
              textAlign: 'left',
              whiteSpace: 'normal',
            }}
            aria-label={t('support.open', { title: thread.title })}
            onClick={() => setOpenId(thread.id)}
          >
            {thread.title}
          </Button>
          <span className="muted">
            {[thread.customer_name, thread.micromarket_name].filter(Boolean).join(' · ') || thread.text}
          </span>
          {/* On a phone the status column is hidden: it comes along here. */}
          <span className="only-phone">
            <Tag color={STATUS_COLORS[thread.status]}>{t(`support.status.${thread.status}`)}</Tag>
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('support.status_label'),
      responsive: ['md'],
      render: (_, thread) => <Tag color={STATUS_COLORS[thread.status]}>{t(`support.status.${thread.status}`)}</Tag>,
    },
    ...(kind === 'ticket'
      ? ([
          {
            key: 'priority',
            title: t('support.priority_label'),
            render: (_, thread) => (
              <Tag color={PRIORITY_COLORS[thread.priority]}>{t(`support.priority.${thread.priority}`)}</Tag>
            ),
          },
          {
            key: 'assignee',
            title: t('support.assignee'),
            responsive: ['md'],
            render: (_, thread) => thread.assignee_name ?? <span className="muted">{t('support.nobody')}</span>,
          },
        ] satisfies ColumnsType<TSupportThread>)
      : []),
    {
      key: 'comments',
      title: t('support.comments'),
      align: 'right',
      responsive: ['md'],
      render: (_, thread) => thread.comments_count,
    },
    {
      key: 'updated',
      title: t('support.updated'),
      responsive: ['sm'],
      render: (_, thread) => (
        <time dateTime={thread.updated_at} title={thread.updated_at}>
          {formatRelativeTime(thread.updated_at, { locale })}
        </time>
      ),
    },
  ];
  const shownColumns = useOrganizationColumn(columns, result.data?.items);

  return (
    <>
      <PageHeader
        title={t(kind === 'chat' ? 'menu.support_list' : 'menu.ticket_list')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              {t(kind === 'chat' ? 'support.new_chat' : 'support.new_ticket')}
            </Button>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <Segmented<'current' | 'archive'>
            value={query.archive ? 'archive' : 'current'}
            onChange={(view) => update({ archive: view === 'archive' ? true : undefined })}
            options={[
              { value: 'current', label: t('support.current') },
              { value: 'archive', label: t('support.archive') },
            ]}
          />
          <SearchFilter label={t('support.search')} value={query.q} onSearch={(q) => update({ q })} />
          {kind === 'ticket' && (
            <Select<TicketPriority>
              allowClear
              aria-label={t('support.filter_priority')}
              placeholder={t('support.filter_priority')}
              value={query.priority}
              onChange={(priority?: TicketPriority) => update({ priority })}
              options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`support.priority.${value}`) }))}
              style={{ minWidth: 140 }}
            />
          )}
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TSupportThread>
          rowKey="id"
          columns={shownColumns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('support.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <ThreadDrawer kind={kind} id={openId} onClose={() => setOpenId(null)} />
      <ThreadFormDrawer
        kind={kind}
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(thread) => {
          setIsCreating(false);
          setOpenId(thread.id);
        }}
      />
    </>
  );
}
