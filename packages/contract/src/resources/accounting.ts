import { z } from 'zod';
import { optionalQuery, ZExportFormat, ZTimestamp } from './common.js';

/** Longest period one reconciliation covers. */
export const ACCOUNTING_MAX_DAYS = 366;

export const ZAccountingRow = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** In the micromarket when the period began. */
  opening: z.number().int(),
  /** Placed in it during the period (loaded by a courier, seen by its reader). */
  loaded: z.number().int(),
  /** Taken by customers (sold or not paid yet). */
  sold: z.number().int(),
  /** Taken back out by a courier or the service, or moved to another micromarket or to storage. */
  returned: z.number().int(),
  written_off: z.number().int(),
  /** opening + loaded − sold − returned − written off. */
  expected: z.number().int(),
  /** What the last inventory scan saw; null without a scan. */
  counted: z.number().int().nullable(),
  /** expected − counted when a scan exists (negative: more inside than the moves explain). */
  missing: z.number().int().nullable(),
});
export type TAccountingRow = z.infer<typeof ZAccountingRow>;

export const ZAccounting = z.object({
  micromarket_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  scanned_at: ZTimestamp.nullable(),
  items: z.array(ZAccountingRow),
  totals: ZAccountingRow.omit({ product_id: true, product_name: true }),
});
export type TAccounting = z.infer<typeof ZAccounting>;

const day = optionalQuery(z.iso.date({ error: 'validation.date' }));
type Period = { from?: string | undefined; to?: string | undefined };
const isOrdered = (value: Period) => !value.from || !value.to || value.from <= value.to;
const isShortEnough = (value: Period) =>
  !value.from || !value.to || (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 < ACCOUNTING_MAX_DAYS;
const ZPeriod = z.object({ from: day, to: day });

/** A period of UTC days, from before to, at most ACCOUNTING_MAX_DAYS long. */
export const ZAccountingQuery = ZPeriod.refine(isOrdered, { error: 'planogram.dates_order', path: ['to'] }).refine(
  isShortEnough,
  { error: 'accounting.period_too_long', path: ['to'] },
);
export const ZExportAccountingQuery = ZPeriod.extend({ format: ZExportFormat.default('xlsx') })
  .refine(isOrdered, { error: 'planogram.dates_order', path: ['to'] })
  .refine(isShortEnough, { error: 'accounting.period_too_long', path: ['to'] });
