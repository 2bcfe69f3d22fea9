import { z } from 'zod';
import { optionalQuery, ZExportFormat, ZIdQuery } from './common.js';

/** How a sales report groups its rows. */
export const REPORT_GROUPINGS = ['day', 'micromarket', 'product', 'category', 'payment_type', 'organization'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** A report covers at most this many days (a year and a day), so one request stays cheap. */
export const REPORT_MAX_DAYS = 366;

export const ZSalesReportQuery = z.object({
  /** UTC days, both included. */
  from: z.iso.date(),
  to: z.iso.date(),
  group_by: optionalQuery(z.enum(REPORT_GROUPINGS)).default('day'),
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
});
export type TSalesReportQuery = z.infer<typeof ZSalesReportQuery>;

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
});
export type TSalesReportRow = z.infer<typeof ZSalesReportRow>;

export const ZSalesReport = z.object({
  group_by: z.enum(REPORT_GROUPINGS),
  rows: z.array(ZSalesReportRow),
  totals: ZSalesFigures,
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
  /** Base cost of the written-off items, minor units. */
  cost: z.number().int(),
});
export const ZWriteOffReport = z.object({
  rows: z.array(ZWriteOffRow),
  totals: z.object({ items: z.number().int(), cost: z.number().int() }),
});
export type TWriteOffReport = z.infer<typeof ZWriteOffReport>;

/** Cash received and items sold on the dashboard: today, the last 7 and 30 days, and each day. */
export const ZDashboardSales = z.object({
  today: z.object({ revenue: z.number().int(), items: z.number().int() }),
  week: z.object({ revenue: z.number().int(), items: z.number().int() }),
  month: z.object({ revenue: z.number().int(), items: z.number().int() }),
  days: z.array(z.object({ day: z.string(), revenue: z.number().int(), items: z.number().int() })),
});
export type TDashboardSales = z.infer<typeof ZDashboardSales>;
