import type { TDashboardCurrency } from '@vitrina/contract';
import { Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { Surface } from '../../../components/surface';
import { intlFormat } from '../../../lib/intl-format';
import { LOCALE_TAGS } from '../../../lib/locale-tags';
import { useMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';
import { TopList } from './top-list';
import { Trend } from './trend';

const MUTED = { color: 'rgba(0,0,0,0.45)', fontSize: 13 } as const;

function Figure(props: { title: string; value: string; trend?: ReactNode; hints: ReactNode[] }) {
  return (
    <Col xs={24} sm={8}>
      <Statistic title={props.title} value={props.value} />
      {props.trend && <div style={{ marginTop: 2 }}>{props.trend}</div>}
      {props.hints.map((hint, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the hints are fixed lines in a fixed order.
        <div key={index} style={MUTED}>
          {hint}
        </div>
      ))}
    </Col>
  );
}

type Props = { block: TDashboardCurrency; isOnlyCurrency: boolean };

/**
 * The sales of one currency: today against the same weekday last week by this time, the 7
 * days against the 7 before, 30 days, the chart, and the week's top products and best and
 * worst micromarkets. Amounts always carry their currency; another currency has a block of its own.
 */
export function CurrencySales({ block, isOnlyCurrency }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney();
  const amount = (minor: number) => money(minor, block.currency);
  const today = block.days.at(-1)?.day ?? '';
  const weekday = today
    ? intlFormat('DateTimeFormat', LOCALE_TAGS[locale], { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(`${today}T00:00:00Z`),
      )
    : '';
  const cash = (period: 'today' | 'week' | 'month') =>
    `${t('dashboard_sales.cash')} · ${t(`dashboard_sales.${period}`)}`;
  const items = (count: number) => `${t('dashboard_sales.items_sold')}: ${count}`;
  const micromarkets = (rows: TDashboardCurrency['best_micromarkets']) =>
    rows.map((row) => ({
      key: row.micromarket_id,
      name: row.name,
      amount: amount(row.revenue),
      note: <Trend current={row.revenue} previous={row.previous_revenue} />,
    }));
  return (
    <Surface style={{ padding: 20, marginTop: 16 }}>
      <section
        data-testid={`dashboard-sales-${block.currency}`}
        aria-label={t('dashboard_sales.in_currency', { currency: block.currency })}
      >
        {!isOnlyCurrency && (
          <h2 style={{ fontSize: 16, fontWeight: 600, margin: '0 0 12px' }}>
            {t('dashboard_sales.in_currency', { currency: block.currency })}
          </h2>
        )}
        <Row gutter={[16, 16]}>
          <Figure
            title={cash('today')}
            value={amount(block.today.revenue)}
            trend={<Trend current={block.today.revenue} previous={block.same_time_last_week.revenue} />}
            hints={[
              items(block.today.items),
              `${t('dashboard_sales.same_time', { weekday, amount: amount(block.same_time_last_week.revenue) })}, ${t(
                'dashboard_sales.last_week_day',
                { amount: amount(block.last_week_day.revenue) },
              )}`,
            ]}
          />
          <Figure
            title={cash('week')}
            value={amount(block.week.revenue)}
            trend={<Trend current={block.week.revenue} previous={block.previous_week.revenue} />}
            hints={[
              items(block.week.items),
              t('dashboard_sales.previous_week', { amount: amount(block.previous_week.revenue) }),
            ]}
          />
          <Figure title={cash('month')} value={amount(block.month.revenue)} hints={[items(block.month.items)]} />
        </Row>
        <BarChart
          ariaLabel={
            isOnlyCurrency
              ? t('dashboard_sales.sales_chart')
              : t('dashboard_sales.sales_chart_in', { currency: block.currency })
          }
          bars={block.days.map((day) => ({ key: day.day, label: day.day.slice(5), value: day.revenue }))}
          format={amount}
          height={140}
        />
        <Row gutter={[24, 16]} style={{ marginTop: 8 }}>
          <Col xs={24} md={8}>
            <TopList
              testId={`top-products-${block.currency}`}
              title={t('dashboard_sales.top_products')}
              empty={t('dashboard_sales.nothing')}
              items={block.top_products.map((row) => ({
                key: row.product_id,
                name: row.name,
                amount: amount(row.revenue),
                note: <span style={MUTED}>× {row.items}</span>,
              }))}
            />
          </Col>
          <Col xs={24} md={8}>
            <TopList
              testId={`best-micromarkets-${block.currency}`}
              title={t('dashboard_sales.best_micromarkets')}
              empty={t('dashboard_sales.nothing')}
              items={micromarkets(block.best_micromarkets)}
            />
          </Col>
          <Col xs={24} md={8}>
            <TopList
              testId={`worst-micromarkets-${block.currency}`}
              title={t('dashboard_sales.worst_micromarkets')}
              empty={t('dashboard_sales.nothing')}
              items={micromarkets(block.worst_micromarkets)}
            />
          </Col>
        </Row>
      </section>
    </Surface>
  );
}
