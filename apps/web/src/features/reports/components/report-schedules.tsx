import { PlusOutlined } from '@ant-design/icons';
import { api, type TReportSubscription } from '@vitrina/contract';
import { Button, Empty, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { RowActions } from '../../../components/row-actions';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { ScheduleFormDrawer } from './schedule-form-drawer';

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The caller's own reports by mail: what, how often, when on their clock, and whether it is sending. */
export function ReportSchedules() {
  const { t } = useTranslation();
  const list = useEndpoint(api.report.subscriptions, undefined);
  const organizations = useOrganizationOptions();
  const update = useEndpointMutation(api.report.updateSubscription);
  const remove = useEndpointMutation(api.report.deleteSubscription);
  const [editing, setEditing] = useState<TReportSubscription | 'new' | null>(null);
  const orgName = (id: number) => organizations.data?.items.find((org) => org.id === id)?.name ?? `#${id}`;

  if (list.isError) return <LoadError onRetry={() => list.refetch()} />;
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <span className="muted">{t('reports.schedules.hint')}</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('reports.schedules.new')}
        </Button>
      </div>
      <Table<TReportSubscription>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isPending ? ' ' : <Empty description={t('reports.schedules.empty')} /> }}
        columns={[
          {
            key: 'report',
            title: t('reports.schedules.report'),
            render: (_, row) =>
              `${t(`reports.groupings.${row.group_by}`)}${row.top ? ` · ${t('reports.top_n', { count: row.top })}` : ''}`,
          },
          {
            key: 'frequency',
            title: t('reports.schedules.frequency'),
            render: (_, row) =>
              `${t(`reports.schedules.frequencies.${row.frequency}`)}, ${hourText(row.hour)} (${row.time_zone})`,
          },
          {
            key: 'format',
            title: t('reports.schedules.format'),
            render: (_, row) => t(`reports.schedules.formats.${row.format}`),
          },
          {
            key: 'orgs',
            title: t('reports.schedules.organizations'),
            render: (_, row) =>
              row.org_ids.length === 0 ? t('reports.schedules.all_organizations') : row.org_ids.map(orgName).join(', '),
          },
          {
            key: 'last',
            title: t('reports.schedules.last_sent'),
            render: (_, row) =>
              row.last_sent_at
                ? `${row.last_period} · ${formatDateUtc(row.last_sent_at)}`
                : t('reports.schedules.never'),
          },
          {
            key: 'active',
            title: t('reports.schedules.active'),
            render: (_, row) => (
              <Switch
                aria-label={t('reports.schedules.active')}
                checked={row.active}
                loading={update.isPending && update.variables?.params.id === row.id}
                onChange={(active) => update.mutate({ params: { id: row.id }, body: { active } })}
              />
            ),
          },
          {
            key: 'actions',
            render: (_, row) => (
              <RowActions
                variant="text"
                edit={{ label: t('reports.schedules.edit'), onClick: () => setEditing(row) }}
                remove={{
                  label: t('actions.delete'),
                  confirm: t('reports.schedules.delete_confirm'),
                  onConfirm: () => remove.mutate({ params: { id: row.id } }),
                }}
              />
            ),
          },
        ]}
      />
      <ScheduleFormDrawer subscription={editing} onClose={() => setEditing(null)} />
    </>
  );
}
