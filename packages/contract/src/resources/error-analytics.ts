import { z } from 'zod';
import { listOf, optionalQuery, storableString, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

/**
 * §2 `/error/analytics`: what went wrong across the fleet and sales. Four kinds of trouble:
 * §8 payment rejections (a customer's door refused), failed payments (by provider and
 * error), failed or expired device commands, and device errors (technical alerts opened).
 */
export const ERROR_CATEGORIES = ['refusal', 'payment', 'command', 'alert'] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

const day = optionalQuery(z.iso.date({ error: 'validation.date' }));

/** A period of whole UTC days (both included; default the last 30 days), narrowed by organisation or micromarket. */
export const ZErrorAnalyticsQuery = z.object({
  from: day,
  to: day,
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
});

/** One group of a breakdown: its key (a reason, an error code, a command type…), a label and the count. */
export const ZErrorGroup = z.object({
  category: z.enum(ERROR_CATEGORIES),
  key: z.string(),
  /** What the key says (a provider for payment errors, the command's status for commands). */
  detail: z.string().nullable(),
  count: z.number().int(),
});
export type TErrorGroup = z.infer<typeof ZErrorGroup>;

const ZCounts = z.object({
  refusal: z.number().int(),
  payment: z.number().int(),
  command: z.number().int(),
  alert: z.number().int(),
});

export const ZErrorPlace = ZCounts.extend({ id: z.number().int(), name: z.string(), total: z.number().int() });

export const ZErrorAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  totals: ZCounts,
  /** The same totals over the period of equal length just before, for the trend arrows. */
  previous: ZCounts,
  /** Per day of the period, oldest first. */
  days: z.array(ZCounts.extend({ day: z.string() })),
  groups: z.array(ZErrorGroup),
  /** The micromarkets with the most trouble (at most 20), and every organisation with any. */
  micromarkets: z.array(ZErrorPlace),
  organizations: z.array(ZErrorPlace),
});
export type TErrorAnalytics = z.infer<typeof ZErrorAnalytics>;

/** The rows behind a number: every trouble of the period, or a category's, or one key's, narrowed like the summary. */
export const ZErrorRowsQuery = ZPageQuery.extend({
  category: optionalQuery(z.enum(ERROR_CATEGORIES)),
  key: optionalQuery(storableString().max(120)),
  from: day,
  to: day,
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
});

export const ZErrorRow = z.object({
  /** The row's own id: a sale, a payment, a command (uuid) or an alert. */
  id: z.string(),
  category: z.enum(ERROR_CATEGORIES),
  at: ZTimestamp,
  key: z.string(),
  detail: z.string().nullable(),
  micromarket_id: z.number().int().nullable(),
  micromarket_name: z.string().nullable(),
  org_name: z.string(),
  /** The sale it concerns, when there is one (payments). */
  transaction_id: z.number().int().nullable(),
  /**
   * Who it happened to, when known: the customer of a refusal (the customer app's opening) or
   * of a failed payment's sale; null for a guest and for commands and alerts. The name is null
   * when the customer has none, the phone is their first.
   */
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
});
export type TErrorRow = z.infer<typeof ZErrorRow>;
export const ZErrorRowList = listOf(ZErrorRow);
export type TErrorRowList = z.infer<typeof ZErrorRowList>;
