import { z } from 'zod';
import { listOf, optionalQuery, ZExportFormat, ZIdQuery, ZPageQuery } from './common.js';

/** Sales rate windows the plan may read, in days (the rollups keep every day). */
export const PLANNING_WINDOWS = [7, 14, 28, 90] as const;
export const PLANNING_DEFAULT_WINDOW = 28;
/** Hours until the courier's next visit: items expiring sooner are taken out and replaced. */
export const PLANNING_DEFAULT_VISIT_HOURS = 24;
/**
 * A micromarket with a planogram is low on stock when what it will still hold after the
 * expiring items are taken out is under this share of its planogram (the `low_stock` event).
 */
export const LOW_STOCK_SHARE = 0.3;

export const ZPlanLine = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** What the active planogram holds of it when full. */
  par: z.number().int(),
  /** Tags of it in the micromarket now. */
  stock: z.number().int(),
  /** Of those, the ones that expire before the next visit: taken out. */
  expiring: z.number().int(),
  /** Items sold over the window. */
  sold: z.number().int(),
  /** Sold per day over the window, one decimal. */
  daily_rate: z.number(),
  /** Customers' wishes for it over the window. */
  wishes: z.number().int(),
  /** What the courier brings: par − (stock − expiring), never below 0. */
  bring: z.number().int(),
});
export type TPlanLine = z.infer<typeof ZPlanLine>;

export const ZPlanMicromarket = z.object({
  micromarket_id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  /** Whether an active planogram gives the par levels. */
  has_planogram: z.boolean(),
  bring: z.number().int(),
  take_out: z.number().int(),
  lines: z.array(ZPlanLine),
});
export type TPlanMicromarket = z.infer<typeof ZPlanMicromarket>;

/** One product to pick, in total and what the storage holds of it (new tags). */
export const ZPickLine = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  bring: z.number().int(),
  in_storage: z.number().int(),
});
export type TPickLine = z.infer<typeof ZPickLine>;
export const ZRoutePick = z.object({
  /** The micromarket group the route is; null for micromarkets in no group. */
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** The couriers who run the route, by name ([] for none, and for micromarkets in no group). */
  couriers: z.array(z.string()),
  micromarkets: z.number().int(),
  lines: z.array(ZPickLine),
});
export type TRoutePick = z.infer<typeof ZRoutePick>;

export const ZPlan = listOf(ZPlanMicromarket).extend({
  /** Everything to bring, per product, against the storage (the pick list per storage). */
  pick: z.array(ZPickLine),
  /** The same per route: each micromarket group's micromarkets. */
  routes: z.array(ZRoutePick),
});
export type TPlan = z.infer<typeof ZPlan>;

const windowQuery = optionalQuery(
  z.coerce
    .number({ error: 'planning.window' })
    .refine((value) => (PLANNING_WINDOWS as readonly number[]).includes(value), { error: 'planning.window' }),
);
const visitQuery = optionalQuery(
  z.coerce
    .number({ error: 'planning.visit_hours' })
    .int({ error: 'planning.visit_hours' })
    .min(1, { error: 'planning.visit_hours' })
    .max(168, { error: 'planning.visit_hours' }),
);

export const ZPlanFilters = z.object({
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  group_id: ZIdQuery,
  window_days: windowQuery,
  visit_hours: visitQuery,
});
export const ZPlanQuery = ZPageQuery.extend(ZPlanFilters.shape);
export const ZExportPlanQuery = ZPlanFilters.extend({ format: ZExportFormat.default('xlsx') });

/** A line of a printed pick sheet: what to bring of a product to a stop, and what to take out. */
export const ZPickSheetLine = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  bring: z.number().int(),
  take_out: z.number().int(),
});
/** One micromarket of a route with work: its lines to bring or take out. */
export const ZPickSheetStop = z.object({
  micromarket_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  bring: z.number().int(),
  take_out: z.number().int(),
  lines: z.array(ZPickSheetLine),
});
export type TPickSheetStop = z.infer<typeof ZPickSheetStop>;
/** A route's sheet: who runs it, the pick from storage, then each stop with work. */
export const ZPickSheetRoute = z.object({
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  couriers: z.array(z.string()),
  pick: z.array(ZPickLine),
  stops: z.array(ZPickSheetStop),
});
export type TPickSheetRoute = z.infer<typeof ZPickSheetRoute>;
/** The printable pick sheets of the filter: one per route (one for all when there are no routes). */
export const ZPickSheet = z.object({
  generated_at: z.string(),
  window_days: z.number().int(),
  visit_hours: z.number().int(),
  routes: z.array(ZPickSheetRoute),
});
export type TPickSheet = z.infer<typeof ZPickSheet>;

/** The plan's shortfall against storage, per product, made into tag programmer tasks. */
export const ZPlanBatches = ZPlanFilters;
export const ZPlanBatchesResult = z.object({
  created: z.number().int(),
  items: z.array(z.object({ product_id: z.number().int(), product_name: z.string(), quantity: z.number().int() })),
});
export type TPlanBatchesResult = z.infer<typeof ZPlanBatchesResult>;
