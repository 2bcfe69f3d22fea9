import { api, type TAlert, TECHNICAL_ANALYTICS_TYPE } from '@vitrina/contract';
import { Badge, Card, Select, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import {
  FILTER_SELECT,
  MicromarketFilter,
  OrganizationFilter,
  ResetFiltersButton,
} from '../../../components/list-filters';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { sortOf, useListQuery } from '../../../lib/list-query';
import { useLiveRefetch } from '../../../lib/live';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { buildAlertColumns } from '../components/alert-columns';

/** The type is a tab, not a filter: resetting the filters keeps it. */
const TAB = ['type'] as const;

export default function AlertListScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const isMobile = useIsMobile();
  const { query, update, reset, hasFilters, result: alerts } = useListQuery(api.alert.alerts, { notFilters: TAB });
  const acknowledge = useEndpointMutation(api.alert.acknowledge);
  const resolve = useEndpointMutation(api.alert.resolve);
  const [busyId, setBusyId] = useState<number | null>(null);
  const canManage = can('manage_technical_alerts');
  const status = query.status ?? 'active';
  useLiveRefetch('alert', [api.alert.alerts.tag]);

  const columns = useMemo(
    () =>
      buildAlertColumns({
        t,
        sort: query.sort,
        canManage,
        isCompact: isMobile,
        busyId,
        onAcknowledge: (alert: TAlert) => {
          setBusyId(alert.id);
          acknowledge.mutate(
            { params: { id: alert.id } },
            { onSettled: () => setBusyId(null), onSuccess: () => getMessage().success(t('alerts.acknowledged')) },
          );
        },
        onResolve: (alert: TAlert) =>
          resolve.mutate({ params: { id: alert.id } }, { onSuccess: () => getMessage().success(t('alerts.resolved')) }),
      }),
    [t, query.sort, canManage, isMobile, busyId, acknowledge.mutate, resolve.mutate],
  );
  const shownColumns = useOrganizationColumn(columns, alerts.data?.items);
  const counts = alerts.data?.active_by_type ?? {};
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const tabLabel = (label: string, count: number) => (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {label}
      <Badge count={count} showZero overflowCount={9_999} color={count > 0 ? '#f5222d' : '#d9d9d9'} />
    </span>
  );

  return (
    <>
      <PageHeader
        title={t('menu.technical_analytics')}
        extra={<ExportMenu endpoint={api.alert.alertsExport} query={query} name="alerts" />}
      />
      <Card variant="borderless" className="panel-card">
        <Tabs
          activeKey={query.type === undefined ? 'all' : String(query.type)}
          onChange={(key) => update({ type: key === 'all' ? undefined : (Number(key) as 1 | 2 | 3) })}
          items={[
            { key: 'all', label: tabLabel(t('alerts.all_types'), total) },
            ...TECHNICAL_ANALYTICS_TYPE.map((row) => ({
              key: String(row.code),
              label: tabLabel(t(`alerts.types.${row.code}`), counts[String(row.code)] ?? 0),
            })),
          ]}
        />
        <div className="list-filters">
          <Select
            {...FILTER_SELECT}
            allowClear={false}
            aria-label={t('fields.status')}
            value={status}
            onChange={(value: typeof status) => update({ status: value === 'active' ? undefined : value })}
            options={(['active', 'open', 'acknowledged', 'resolved', 'all'] as const).map((value) => ({
              value,
              label: t(`alerts.status.${value}`),
            }))}
          />
          <MicromarketFilter value={query.micromarket_id} onChange={(micromarket_id) => update({ micromarket_id })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
          <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
        </div>
        <PagedTable<TAlert>
          rowKey="id"
          columns={shownColumns}
          result={alerts}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('alerts.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
    </>
  );
}
