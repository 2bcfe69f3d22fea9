import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { readEnum, useUrlQuery } from '../../../lib/url-query';
import { ReportSchedules } from '../components/report-schedules';
import { SalesReport } from '../components/sales-report';

const TABS = ['sales', 'schedules'] as const;
type Tab = (typeof TABS)[number];
const parse = (params: URLSearchParams) => ({ tab: readEnum(params, 'tab', TABS) ?? 'sales' });
const NO_FILTERS: readonly string[] = [];
const TAB_DEFAULT = { tab: 'sales' } as const;

/** Reports: the sales report of a period, and the caller's reports scheduled by mail (`?tab=schedules`). */
export default function ReportListScreen() {
  const { t } = useTranslation();
  const { query, update } = useUrlQuery({ parse, filters: NO_FILTERS, defaults: TAB_DEFAULT });
  return (
    <>
      <PageHeader title={t('menu.report_list')} />
      <Card variant="borderless" className="panel-card">
        <Tabs
          activeKey={query.tab}
          onChange={(key) => update({ tab: key as Tab })}
          items={[
            { key: 'sales', label: t('reports.tabs.sales'), children: query.tab === 'sales' && <SalesReport /> },
            {
              key: 'schedules',
              label: t('reports.tabs.schedules'),
              children: query.tab === 'schedules' && <ReportSchedules />,
            },
          ]}
        />
      </Card>
    </>
  );
}
