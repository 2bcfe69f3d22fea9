import { z } from 'zod';
import { isTimeZone } from '../time-zone.js';
import { idList, nonEmptyUpdate, optionalQuery, ZExportFormat, ZIdQuery, ZTimestamp } from './common.js';

/** How a sales report groups its rows. */
export const REPORT_GROUPINGS = ['day', 'micromarket', 'product', 'category', 'payment_type', 'organization'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** A report covers at most this many days (a year and a day), so one request stays cheap. */
export const REPORT_MAX_DAYS = 366;

/** The columns a sales report sorts by; `-` before one sorts it descending. */
export const REPORT_SORT_KEYS = ['key', 'label', 'sales', 'items', 'revenue', 'refunds', 'cost', 'margin'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export const REPORT_SORTS = [...REPORT_SORT_KEYS, ...REPORT_SORT_KEYS.map((key) => `-${key}` as const)] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
/** The most rows a top-N report keeps per currency. */
export const REPORT_TOP_MAX = 1000;

export const ZSalesReportQuery = z.object({
  /** UTC days, both included. */
  from: z.iso.date(),
  to: z.iso.date(),
  group_by: optionalQuery(z.enum(REPORT_GROUPINGS)).default('day'),
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  /** Rows are sorted within each currency; `key` (the day, or the id) unless told. */
  sort: optionalQuery(z.enum(REPORT_SORTS)).default('key'),
  /** Only the first `top` rows of each currency, in the sort's order. */
  top: optionalQuery(z.coerce.number().int().min(1).max(REPORT_TOP_MAX)),
});

export const ZSalesReportExportQuery = ZSalesReportQuery.extend({ format: ZExportFormat });

const ZSalesFigures = z.object({
  sales: z.number().int(),
  items: z.number().int(),
  /** Minor units: paid, refunded, base cost; margin = revenue − refunds − cost. */
  revenue: z.number().int(),
  refunds: z.number().int(),
  cost: z.number().int(),
  margin: z.number().int(),
});

export const ZSalesReportRow = ZSalesFigures.extend({
  /** The group: a day `YYYY-MM-DD`, or an id (micromarket, product, category, payment type code, organisation). */
  key: z.string(),
  label: z.string(),
  /** Amounts are minor units of this currency (the sales'): a group selling in two has a row for each. */
  currency: z.string(),
});
export type TSalesReportRow = z.infer<typeof ZSalesReportRow>;

/** The figures of the whole period in one currency (never summed across currencies). */
export const ZSalesTotals = ZSalesFigures.extend({ currency: z.string() });
export type TSalesTotals = z.infer<typeof ZSalesTotals>;

export const ZSalesReport = z.object({
  group_by: z.enum(REPORT_GROUPINGS),
  /** Grouped by currency (the caller's own first), sorted within each. */
  rows: z.array(ZSalesReportRow),
  /** One per currency sold in, in the rows' order of currencies; the whole period, whatever `top` kept. */
  totals: z.array(ZSalesTotals),
});
export type TSalesReport = z.infer<typeof ZSalesReport>;

export const ZWriteOffReportQuery = ZSalesReportQuery.omit({ group_by: true });

export const ZWriteOffRow = z.object({
  day: z.string(),
  micromarket_id: z.number().int().nullable(),
  micromarket: z.string().nullable(),
  product_id: z.number().int(),
  product: z.string(),
  items: z.number().int(),
  /** Base cost of the written-off items, minor units of `currency` (the product's organisation's). */
  cost: z.number().int(),
  currency: z.string(),
});
export const ZWriteOffReport = z.object({
  rows: z.array(ZWriteOffRow),
  totals: z.array(z.object({ currency: z.string(), items: z.number().int(), cost: z.number().int() })),
});
export type TWriteOffReport = z.infer<typeof ZWriteOffReport>;

const ZFigures = z.object({ revenue: z.number().int(), items: z.number().int() });

/** A product of the dashboard's top list: the last 7 days. */
export const ZDashboardProduct = z.object({
  product_id: z.number().int(),
  name: z.string(),
  items: z.number().int(),
  revenue: z.number().int(),
});
/** A micromarket of the best or worst list: the last 7 days against the 7 before. */
export const ZDashboardMicromarket = z.object({
  micromarket_id: z.number().int(),
  name: z.string(),
  revenue: z.number().int(),
  previous_revenue: z.number().int(),
  items: z.number().int(),
});

/**
 * The dashboard's sales in one currency (UTC days, net of refunds): today, the last 7 and 30
 * days, each day, and the trends: today against the same weekday a week ago up to the same
 * time (and that whole day), the 7 days against the 7 before, the best-selling products, and
 * the best and worst micromarkets (those with no sales at all among the worst).
 */
export const ZDashboardCurrency = z.object({
  currency: z.string(),
  today: ZFigures,
  same_time_last_week: ZFigures,
  last_week_day: ZFigures,
  week: ZFigures,
  previous_week: ZFigures,
  month: ZFigures,
  days: z.array(z.object({ day: z.string(), revenue: z.number().int(), items: z.number().int() })),
  top_products: z.array(ZDashboardProduct),
  best_micromarkets: z.array(ZDashboardMicromarket),
  worst_micromarkets: z.array(ZDashboardMicromarket),
});
export type TDashboardCurrency = z.infer<typeof ZDashboardCurrency>;

/** How many products and micromarkets each of the dashboard's lists shows. */
export const DASHBOARD_TOP = 5;

/** One block per currency the caller's organisations sell in (theirs first): never summed across. */
export const ZDashboardSales = z.object({ currencies: z.array(ZDashboardCurrency) });
export type TDashboardSales = z.infer<typeof ZDashboardSales>;

// ---------------------------------------------------------------------------------------
// Scheduled reports by mail: a user's subscriptions.

export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** `inline`: the figures in the mail's text; `csv`/`xlsx`: the report attached. */
export const REPORT_MAIL_FORMATS = ['inline', 'csv', 'xlsx'] as const;
/** How many scheduled reports one user may keep. */
export const REPORT_SUBSCRIPTIONS_MAX = 20;

export const ZReportSubscription = z.object({
  id: z.number().int(),
  frequency: z.enum(REPORT_FREQUENCIES),
  group_by: z.enum(REPORT_GROUPINGS),
  format: z.enum(REPORT_MAIL_FORMATS),
  /** The organisations it covers; empty: every organisation the user sees when it is sent. */
  org_ids: z.array(z.number().int()),
  /** Only the first rows of each currency by revenue; null: every row. */
  top: z.number().int().nullable(),
  /** The user's clock: a daily report goes at `hour` for the day before, a weekly one on Monday for the week before. */
  time_zone: z.string(),
  hour: z.number().int(),
  active: z.boolean(),
  last_sent_at: ZTimestamp.nullable(),
  /** The period the last mail covered (`YYYY-MM-DD`, its first day). */
  last_period: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TReportSubscription = z.infer<typeof ZReportSubscription>;
export const ZReportSubscriptionList = z.object({ items: z.array(ZReportSubscription) });
export type TReportSubscriptionList = z.infer<typeof ZReportSubscriptionList>;

const subscriptionFields = {
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'validation.required' }),
  group_by: z.enum(REPORT_GROUPINGS, { error: 'validation.required' }),
  format: z.enum(REPORT_MAIL_FORMATS, { error: 'validation.required' }),
  org_ids: idList(50),
  top: z
    .int({ error: 'report.top' })
    .min(1, { error: 'report.top' })
    .max(REPORT_TOP_MAX, { error: 'report.top' })
    .nullable(),
  time_zone: z.string({ error: 'validation.time_zone' }).refine(isTimeZone, { error: 'validation.time_zone' }),
  hour: z.int({ error: 'report.hour' }).min(0, { error: 'report.hour' }).max(23, { error: 'report.hour' }),
  active: z.boolean(),
};

export const ZCreateReportSubscription = z.object({
  ...subscriptionFields,
  group_by: subscriptionFields.group_by.default('micromarket'),
  format: subscriptionFields.format.default('inline'),
  org_ids: subscriptionFields.org_ids.default([]),
  top: subscriptionFields.top.default(null),
  hour: subscriptionFields.hour.default(7),
  active: subscriptionFields.active.default(true),
});
export const ZUpdateReportSubscription = nonEmptyUpdate(z.object(subscriptionFields).partial());
