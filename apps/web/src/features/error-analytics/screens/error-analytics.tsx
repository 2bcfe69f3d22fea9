import { CloseOutlined } from '@ant-design/icons';
import { api, ERROR_CATEGORIES, type ErrorCategory, type TErrorAnalytics, type TErrorGroup } from '@vitrina/contract';
import { Button, Card, Col, Row, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { LazyResult } from '../../../components/lazy-result';
import { OrganizationFilter } from '../../../components/list-filters';
import { PageHeader } from '../../../components/page-header';
import { endpointInput, useEndpoint } from '../../../lib/endpoint-query';
import { COMPACT_FROM, formatCount } from '../../../lib/format';
import { useListUrl } from '../../../lib/list-query';
import { useLocale } from '../../../lib/use-locale';
import { CATEGORY_COLORS, describeKey } from '../components/error-labels';
import { type Drill, ErrorRowsDrawer } from '../components/error-rows-drawer';

type Place = TErrorAnalytics['micromarkets'][number];

function TotalCard(props: { category: ErrorCategory; count: number; previous: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const label = t(`error_analytics.category.${props.category}`);
  return (
    <Card
      variant="borderless"
      className="panel-card error-total"
      style={{ borderTopColor: CATEGORY_COLORS[props.category] }}
    >
      <button type="button" className="error-total__button" onClick={props.onOpen} aria-label={label}>
        <span className="error-total__label">{label}</span>
        <strong
          className="error-total__count"
          data-testid={`error-total-${props.category}`}
          title={props.count >= COMPACT_FROM ? String(props.count) : undefined}
        >
          {formatCount(props.count, locale)}
        </strong>
        <span className="muted">{t('error_analytics.previous', { count: props.previous })}</span>
      </button>
    </Card>
  );
}

/** §2 `/error/analytics`: what went wrong across the fleet and sales over a period, with the rows behind each number. */
export default function ErrorAnalyticsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { query, update } = useListUrl(api.errorAnalytics.summary);
  const report = useEndpoint(api.errorAnalytics.summary, endpointInput<typeof api.errorAnalytics.summary>({ query }));
  const [drill, setDrill] = useState<Drill | null>(null);
  const [chartCategory, setChartCategory] = useState<ErrorCategory | 'all'>('all');
  const data = report.data;
  const categoryName = (category: ErrorCategory) => t(`error_analytics.category.${category}`);
  const focused = data?.micromarkets.find((place) => place.id === query.micromarket_id);

  const groupColumns: ColumnsType<TErrorGroup> = [
    {
      key: 'category',
      title: '',
      responsive: ['sm'],
      render: (_, group) => <Tag color={CATEGORY_COLORS[group.category]}>{categoryName(group.category)}</Tag>,
    },
    { key: 'what', title: t('error_analytics.what'), render: (_, group) => describeKey(t, locale, group).what },
    {
      key: 'detail',
      title: t('error_analytics.detail'),
      responsive: ['sm'],
      render: (_, group) => describeKey(t, locale, group).detail ?? '',
    },
    {
      key: 'count',
      title: t('error_analytics.count'),
      align: 'right',
      render: (_, group) => {
        const { what } = describeKey(t, locale, group);
        return (
          <Button
            type="link"
            style={{ padding: 0 }}
            aria-label={t('error_analytics.show_rows', { count: group.count, what })}
            onClick={() =>
              setDrill({
                category: group.category,
                key: group.key,
                title: t('error_analytics.rows_title', { category: categoryName(group.category), what }),
              })
            }
          >
            {group.count}
          </Button>
        );
      },
    },
  ];
  const placeColumns = (kind: 'micromarket' | 'organization'): ColumnsType<Place> => [
    {
      key: 'name',
      title: t(`error_analytics.${kind}`),
      render: (_, place) =>
        kind === 'micromarket' ? (
          <Button
            type="link"
            style={{ padding: 0 }}
            aria-label={t('error_analytics.filter_by', { name: place.name })}
            onClick={() => update({ micromarket_id: place.id })}
          >
            {place.name}
          </Button>
        ) : (
          <Button type="link" style={{ padding: 0 }} onClick={() => update({ org_id: place.id })}>
            {place.name}
          </Button>
        ),
    },
    ...ERROR_CATEGORIES.map((category) => ({
      key: category,
      title: categoryName(category),
      align: 'right' as const,
      responsive: ['md' as const],
      render: (_: unknown, place: Place) => place[category] || '',
    })),
    {
      key: 'total',
      title: t('error_analytics.total'),
      align: 'right',
      render: (_, place) => <strong>{place.total}</strong>,
    },
  ];

  const bars = (data?.days ?? []).map((day) => ({
    key: day.day,
    label: day.day.slice(5),
    value: chartCategory === 'all' ? day.refusal + day.payment + day.command + day.alert : day[chartCategory],
  }));
  const isEmpty = data ? ERROR_CATEGORIES.every((category) => data.totals[category] === 0) : false;

  return (
    <>
      <PageHeader title={t('menu.error_analytics')} />
      <Card variant="borderless" className="panel-card" style={{ marginBottom: 16 }}>
        <div className="list-filters">
          <DateRangeFilter
            label={t('error_analytics.period')}
            placeholder={t('error_analytics.period_placeholder', { returnObjects: true }) as [string, string]}
            from={query.from ?? data?.from}
            to={query.to ?? data?.to}
            onChange={(range) => update(range)}
          />
          <OrganizationFilter
            value={query.org_id}
            onChange={(orgId) => update({ org_id: orgId, micromarket_id: undefined })}
          />
          {query.micromarket_id !== undefined && (
            <Tag
              closable
              closeIcon={<CloseOutlined aria-label={t('error_analytics.clear_micromarket')} />}
              onClose={() => update({ micromarket_id: undefined })}
            >
              {t('error_analytics.only_micromarket', { name: focused?.name ?? `#${query.micromarket_id}` })}
            </Tag>
          )}
        </div>
      </Card>
      {report.isError && <LazyResult status="error" title={t('common.load_failed')} />}
      {data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Row gutter={[16, 16]}>
            {ERROR_CATEGORIES.map((category) => (
              <Col key={category} xs={12} lg={6}>
                <TotalCard
                  category={category}
                  count={data.totals[category]}
                  previous={data.previous[category]}
                  onOpen={() =>
                    setDrill({ category, title: t('error_analytics.rows_all', { category: categoryName(category) }) })
                  }
                />
              </Col>
            ))}
          </Row>
          {isEmpty ? (
            <Card variant="borderless" className="panel-card">
              <p className="muted">{t('error_analytics.nothing')}</p>
            </Card>
          ) : (
            <>
              <Card variant="borderless" className="panel-card" title={t('error_analytics.trend')}>
                {/* Scrolls sideways on a phone rather than widening the page. */}
                <div className="error-trend__switch">
                  <Segmented<ErrorCategory | 'all'>
                    size="small"
                    value={chartCategory}
                    onChange={setChartCategory}
                    options={[
                      { value: 'all', label: t('error_analytics.all') },
                      ...ERROR_CATEGORIES.map((category) => ({ value: category, label: categoryName(category) })),
                    ]}
                  />
                </div>
                <BarChart
                  bars={bars}
                  ariaLabel={t('error_analytics.trend')}
                  color={chartCategory === 'all' ? undefined : CATEGORY_COLORS[chartCategory]}
                />
              </Card>
              <Row gutter={[16, 16]}>
                <Col xs={24}>
                  <Card variant="borderless" className="panel-card" title={t('error_analytics.breakdown')}>
                    <Table<TErrorGroup>
                      rowKey={(group) => `${group.category}:${group.key}:${group.detail ?? ''}`}
                      size="small"
                      className="data-table"
                      scroll={{ x: 'max-content' }}
                      columns={groupColumns}
                      dataSource={data.groups}
                      pagination={data.groups.length > 20 ? { pageSize: 20 } : false}
                    />
                  </Card>
                </Col>
                {(['micromarket', 'organization'] as const).map((kind) => {
                  const places = kind === 'micromarket' ? data.micromarkets : data.organizations;
                  // One organisation's own trouble needs no table of organisations.
                  if (kind === 'organization' && places.length < 2) return null;
                  return (
                    <Col key={kind} xs={24}>
                      <Card variant="borderless" className="panel-card" title={t(`error_analytics.by_${kind}`)}>
                        <Table<Place>
                          rowKey="id"
                          size="small"
                          className="data-table"
                          scroll={{ x: 'max-content' }}
                          columns={placeColumns(kind)}
                          dataSource={places}
                          pagination={false}
                        />
                      </Card>
                    </Col>
                  );
                })}
              </Row>
            </>
          )}
        </Space>
      )}
      <ErrorRowsDrawer
        drill={drill}
        scope={{ from: data?.from, to: data?.to, org_id: query.org_id, micromarket_id: query.micromarket_id }}
        onClose={() => setDrill(null)}
      />
    </>
  );
}
