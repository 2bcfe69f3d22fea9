import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZDashboardMicromarket, ZReportSubscription } from '../resources/report.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const DASHBOARD_MICROMARKET_EXAMPLE: z.input<typeof ZDashboardMicromarket> = {
  micromarket_id: 101,
  name: 'Kyiv office fridge',
  revenue: 1,
  previous_revenue: 1,
  items: 1,
};

const REPORT_SUBSCRIPTION_EXAMPLE: z.input<typeof ZReportSubscription> = {
  id: 101,
  frequency: 'daily',
  group_by: 'day',
  format: 'inline',
  org_ids: [101],
  top: 1,
  time_zone: 'Europe/Kyiv',
  hour: 1,
  active: true,
  last_sent_at: '2026-12-03T09:30:00.000Z',
  last_period: 'Last period',
  created_at: '2026-12-03T09:30:00.000Z',
};

export const reportExamples: AreaExamples<(typeof api)['report']> = {
  sales: {
    group_by: 'day',
    rows: [
      {
        sales: 1,
        items: 1,
        revenue: 1,
        refunds: 1,
        cost: 4500,
        margin: 1,
        key: 'Key',
        label: 'Label',
        currency: 'UAH',
      },
    ],
    totals: [
      {
        sales: 1,
        items: 1,
        revenue: 1,
        refunds: 1,
        cost: 4500,
        margin: 1,
        currency: 'UAH',
      },
    ],
  },
  salesExport: 'id,name\r\n101,Kyiv office fridge\r\n',
  writeOffs: {
    rows: [
      {
        day: '2026-12-03',
        micromarket_id: 101,
        micromarket: 'Micromarket',
        product_id: 101,
        product: 'Product',
        items: 1,
        cost: 4500,
        currency: 'UAH',
      },
    ],
    totals: [
      {
        currency: 'UAH',
        items: 1,
        cost: 4500,
      },
    ],
  },
  dashboardSales: {
    currencies: [
      {
        currency: 'UAH',
        today: {
          revenue: 1,
          items: 1,
        },
        same_time_last_week: {
          revenue: 1,
          items: 1,
        },
        last_week_day: {
          revenue: 1,
          items: 1,
        },
        week: {
          revenue: 1,
          items: 1,
        },
        previous_week: {
          revenue: 1,
          items: 1,
        },
        month: {
          revenue: 1,
          items: 1,
        },
        days: [
          {
            day: '2026-12-03',
            revenue: 1,
            items: 1,
          },
        ],
        top_products: [
          {
            product_id: 101,
            name: 'Kyiv office fridge',
            items: 1,
            revenue: 1,
          },
        ],
        best_micromarkets: [DASHBOARD_MICROMARKET_EXAMPLE],
        worst_micromarkets: [DASHBOARD_MICROMARKET_EXAMPLE],
      },
    ],
  },
  subscriptions: {
    items: [REPORT_SUBSCRIPTION_EXAMPLE],
  },
  createSubscription: REPORT_SUBSCRIPTION_EXAMPLE,
  updateSubscription: REPORT_SUBSCRIPTION_EXAMPLE,
  deleteSubscription: OK_EXAMPLE,
};
