import { DownloadOutlined, PrinterOutlined, TagsOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  api,
  type EndpointQuery,
  type ExportFormat,
  PLANNING_DEFAULT_VISIT_HOURS,
  PLANNING_DEFAULT_WINDOW,
  PLANNING_WINDOWS,
} from '@vitrina/contract';
import {
  Button,
  Card,
  Collapse,
  Dropdown,
  Empty,
  InputNumber,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Tabs,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FILTER_SELECT, MicromarketFilter, OrganizationFilter } from '../../../components/list-filters';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { downloadEndpoint } from '../../../lib/download';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { MicromarketPlan, PickTable } from '../components/plan-tables';
import { sheetLink } from '../components/sheet-link';

type Filters = Omit<EndpointQuery<typeof api.planning.export>, 'format'>;

/** §2 `/product/planning`: what to bring to each micromarket, and the pick lists per storage and per route. */
export default function PlanningScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, update, result } = useListQuery(api.planning.plan);
  const groups = useEndpoint(api.deviceGroup.list, { query: { per_page: 100 } });
  const filters: Filters = {
    org_id: query.org_id,
    micromarket_id: query.micromarket_id,
    group_id: query.group_id,
    window_days: query.window_days,
    visit_hours: query.visit_hours,
  };
  const exportPlan = useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadEndpoint(api.planning.export, { query: { ...filters, format } }, `restock-plan.${format}`),
  });
  const toProgrammer = useEndpointMutation(api.planning.batches, { alsoInvalidates: ['tags'] });
  const plan = result.data;

  return (
    <>
      <PageHeader
        title={t('menu.planning')}
        extra={
          <Space wrap className="no-print">
            <Dropdown
              menu={{
                items: [
                  { key: 'xlsx', label: 'XLSX' },
                  { key: 'csv', label: 'CSV' },
                ],
                onClick: ({ key }) => exportPlan.mutate(key as ExportFormat),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exportPlan.isPending}>
                {t('planning.export')}
              </Button>
            </Dropdown>
            <Popconfirm
              title={t('planning.to_programmer_confirm')}
              okText={t('planning.to_programmer')}
              cancelText={t('actions.cancel')}
              onConfirm={() =>
                toProgrammer.mutate(
                  { body: filters },
                  {
                    onSuccess: (answer) =>
                      getMessage().success(
                        answer.created > 0
                          ? t('planning.tasks_created', { count: answer.created })
                          : t('planning.nothing_short'),
                      ),
                  },
                )
              }
            >
              <Button icon={<TagsOutlined />} loading={toProgrammer.isPending}>
                {t('planning.to_programmer')}
              </Button>
            </Popconfirm>
            <Button icon={<PrinterOutlined />} onClick={() => navigate(sheetLink(filters))}>
              {t('planning.print_sheets')}
            </Button>
          </Space>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters no-print">
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
          <MicromarketFilter value={query.micromarket_id} onChange={(id) => update({ micromarket_id: id })} />
          <Select
            {...FILTER_SELECT}
            aria-label={t('planning.route')}
            placeholder={t('planning.route')}
            value={query.group_id}
            onChange={(id?: number) => update({ group_id: id })}
            options={groups.data?.items.map((group) => ({ value: group.id, label: group.name }))}
          />
          <Select
            aria-label={t('planning.window')}
            value={query.window_days ?? PLANNING_DEFAULT_WINDOW}
            onChange={(days: number) => update({ window_days: days })}
            options={PLANNING_WINDOWS.map((days) => ({ value: days, label: t('planning.window_n', { count: days }) }))}
            className="list-filters__select"
          />
          <InputNumber
            aria-label={t('planning.visit_hours')}
            min={1}
            max={168}
            precision={0}
            suffix={t('planning.visit_suffix')}
            value={query.visit_hours ?? PLANNING_DEFAULT_VISIT_HOURS}
            onChange={(hours) => hours !== null && update({ visit_hours: hours })}
            className="list-filters__select"
          />
        </div>
        {result.isError ? (
          <LoadError onRetry={() => result.refetch()} />
        ) : !plan ? (
          <PageSpinner />
        ) : (
          <Tabs
            items={[
              {
                key: 'micromarkets',
                label: t('planning.by_micromarket'),
                children:
                  plan.items.length === 0 ? (
                    <Empty description={t('planning.no_micromarkets')} />
                  ) : (
                    <div style={{ display: 'grid', gap: 12 }}>
                      {plan.items.map((market) => (
                        <MicromarketPlan
                          key={market.micromarket_id}
                          market={market}
                          sheetLink={sheetLink({ ...filters, micromarket_id: market.micromarket_id })}
                        />
                      ))}
                      <Pagination
                        className="no-print"
                        current={query.page}
                        pageSize={query.per_page}
                        total={plan.total}
                        showSizeChanger
                        showTotal={(total) => t('common.total', { count: total })}
                        onChange={(page, perPage) => update({ page, per_page: perPage })}
                      />
                    </div>
                  ),
              },
              { key: 'pick', label: t('planning.pick_storage'), children: <PickTable lines={plan.pick} /> },
              {
                key: 'routes',
                label: t('planning.pick_routes'),
                children:
                  plan.routes.length === 0 ? (
                    <Empty description={t('planning.no_routes')} />
                  ) : (
                    <Collapse
                      items={plan.routes.map((route) => ({
                        key: String(route.group_id ?? 'none'),
                        label: [
                          route.group_name ?? t('planning.no_route'),
                          t('planning.micromarkets_n', { count: route.micromarkets }),
                          ...(route.couriers.length > 0 ? [route.couriers.join(', ')] : []),
                        ].join(' · '),
                        extra: route.group_id !== null && (
                          <Link
                            to={sheetLink({ ...filters, group_id: route.group_id })}
                            onClick={(event) => event.stopPropagation()}
                          >
                            <PrinterOutlined /> {t('planning.sheet.link')}
                          </Link>
                        ),
                        children: <PickTable lines={route.lines} />,
                      }))}
                    />
                  ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
