import { RedoOutlined } from '@ant-design/icons';
import { api, JOB_STATUSES, type JobStatus, type TJob } from '@vitrina/contract';
import { Badge, Card, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, ResetFiltersButton } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { RowActions } from '../../../components/row-actions';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';

/** The status is a tab, not a filter: resetting the filters keeps it. */
const TAB = ['status'] as const;
const STATUS_COLORS: Record<JobStatus, string> = { queued: 'blue', running: 'gold', done: 'green', failed: 'red' };
/** On a phone: what the job is, its state and what went wrong. */
const PHONE_COLUMNS = new Set(['kind', 'status', 'last_error', 'actions']);
const when = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

/**
 * The background job queue of every instance (DESIGN §8), for the platform admin: what is due,
 * what runs where, what failed and why, and a retry for a job that failed for good.
 */
export default function JobListScreen() {
  const { t } = useTranslation();
  const { query, update, reset, hasFilters, result: jobs } = useListQuery(api.jobs.list, { notFilters: TAB });
  const retry = useEndpointMutation(api.jobs.retry);
  const isMobile = useIsMobile();

  const columns = useMemo(() => {
    const all: ColumnsType<TJob> = [
      { key: 'id', title: '#', dataIndex: 'id', width: 80 },
      {
        key: 'kind',
        title: t('jobs.kind'),
        render: (_, job) => (
          <>
            <Typography.Text code>{job.kind}</Typography.Text>
            {job.key && job.key !== `recurring:${job.kind}` && (
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {job.key}
                </Typography.Text>
              </div>
            )}
          </>
        ),
      },
      {
        key: 'status',
        title: t('fields.status'),
        render: (_, job) => <Tag color={STATUS_COLORS[job.status]}>{t(`jobs.status.${job.status}`)}</Tag>,
      },
      {
        key: 'attempts',
        title: t('jobs.attempts'),
        render: (_, job) => `${job.attempts} / ${job.max_attempts}`,
      },
      { key: 'run_at', title: t('jobs.run_at'), render: (_, job) => when(job.run_at) },
      { key: 'finished_at', title: t('jobs.finished_at'), render: (_, job) => when(job.finished_at) },
      {
        key: 'last_error',
        title: t('jobs.last_error'),
        render: (_, job) =>
          job.last_error ? (
            <Typography.Text type="danger" ellipsis={{ tooltip: job.last_error }} style={{ maxWidth: 320 }}>
              {job.last_error}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      {
        key: 'actions',
        title: '',
        align: 'right',
        render: (_, job) => (
          <RowActions
            actions={[
              {
                key: 'retry',
                icon: <RedoOutlined />,
                text: t('jobs.retry'),
                confirm: { title: t('jobs.retry_confirm') },
                onClick: () =>
                  retry.mutate(
                    { params: { id: job.id } },
                    { onSuccess: () => getMessage().success(t('jobs.retried')) },
                  ),
                isHidden: job.status !== 'failed',
              },
            ]}
          />
        ),
      },
    ];
    return isMobile ? all.filter((column) => PHONE_COLUMNS.has(String(column.key))) : all;
  }, [t, retry.mutate, isMobile]);

  const counts = jobs.data?.by_status;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  const tabLabel = (label: string, count: number, color: string) => (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {label}
      <Badge count={count} showZero overflowCount={99_999} color={count > 0 ? color : '#d9d9d9'} />
    </span>
  );

  return (
    <>
      <PageHeader title={t('menu.technical_jobs')} />
      <Card variant="borderless" className="panel-card">
        <Tabs
          activeKey={query.status ?? 'all'}
          onChange={(key) => update({ status: key === 'all' ? undefined : (key as JobStatus) })}
          items={[
            { key: 'all', label: tabLabel(t('jobs.all'), total, '#1677ff') },
            ...JOB_STATUSES.map((status) => ({
              key: status,
              label: tabLabel(
                t(`jobs.status.${status}`),
                counts?.[status] ?? 0,
                status === 'failed' ? '#f5222d' : '#1677ff',
              ),
            })),
          ]}
        />
        <div className="list-filters">
          <Select
            {...FILTER_SELECT}
            showSearch
            aria-label={t('jobs.kind')}
            placeholder={t('jobs.kind')}
            value={query.kind}
            onChange={(kind?: string) => update({ kind })}
            options={jobs.data?.kinds.map((kind) => ({ value: kind, label: kind }))}
          />
          <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
        </div>
        <PagedTable<TJob>
          rowKey="id"
          columns={columns}
          result={jobs}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('jobs.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
    </>
  );
}
