import { z } from 'zod';
import { BONUS_TYPES, PROMOTION_PERIODS } from '../enums.js';
import {
  INT4_MAX,
  idList,
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

/** §4 promotion types: 1 purchase, 2 date, 3 cashback. */
export const PROMOTION_TYPE_CODES = [1, 2, 3] as const;
/** §4 promotion subtypes: 1 purchase amount, 2 period purchase amount, 3 specific products, 4 once, 5 regular, 6 cashback on first purchase. */
export const PROMOTION_SUBTYPE_CODES = [1, 2, 3, 4, 5, 6] as const;
/** The subtypes each type offers. */
export const PROMOTION_SUBTYPES_OF_TYPE: Record<number, readonly number[]> = { 1: [1, 2, 3], 2: [4, 5], 3: [6] };
/** §5: these subtypes reach members of groups, so at least one group is required. */
export const PROMOTION_SUBTYPES_NEEDING_GROUPS: readonly number[] = [4, 5];

export const ZBonusPromotion = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.number().int(),
  subtype: z.number().int(),
  bonus_type: z.enum(BONUS_TYPES),
  /** A whole percent, or minor units of the organisation's currency. */
  amount: z.number().int(),
  period: z.enum(PROMOTION_PERIODS),
  /** YYYY-MM-DD, both included (UTC). */
  start_date: z.string(),
  end_date: z.string().nullable(),
  min_purchase: z.number().int().nullable(),
  max_purchase: z.number().int().nullable(),
  new_users: z.boolean(),
  organization_ids: z.array(z.number().int()),
  micromarket_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  product_ids: z.array(z.number().int()),
  /** 1 active, 2 closed. */
  status: z.number().int(),
  /** Active and running today (status 1, end date not passed). */
  is_active: z.boolean(),
  closed_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TBonusPromotion = z.infer<typeof ZBonusPromotion>;

const isoDate = z.iso.date({ error: 'validation.date' });
const money = z
  .int({ error: 'validation.money' })
  .min(0, { error: 'validation.money' })
  .max(INT4_MAX, { error: 'validation.money' })
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const promotionFields = z.object({
  name: requiredText(120),
  description: nullableText(2000),
  type: z.literal(PROMOTION_TYPE_CODES, { error: 'promotion.type' }),
  subtype: z.literal(PROMOTION_SUBTYPE_CODES, { error: 'promotion.subtype' }),
  bonus_type: z.enum(BONUS_TYPES, { error: 'promotion.bonus_type' }),
  amount: z
    .int({ error: 'validation.money' })
    .min(1, { error: 'promotion.amount_positive' })
    .max(INT4_MAX, { error: 'validation.money' }),
  period: z.enum(PROMOTION_PERIODS, { error: 'promotion.period' }),
  start_date: isoDate,
  end_date: isoDate
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  min_purchase: money,
  max_purchase: money,
  new_users: z.boolean().default(false),
  organization_ids: idList(100).default([]),
  micromarket_ids: idList(1000).default([]),
  group_ids: idList(100).default([]),
  product_ids: idList(1000).default([]),
});

type PromotionFields = z.output<typeof promotionFields>;

/** The rules across fields (§5 and the form's own), each reported on the field to fix. */
function checkPromotion(body: PromotionFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: null });
  if (!PROMOTION_SUBTYPES_OF_TYPE[body.type]?.includes(body.subtype)) issue('subtype', 'promotion.subtype_of_type');
  if (PROMOTION_SUBTYPES_NEEDING_GROUPS.includes(body.subtype) && body.group_ids.length === 0)
    issue('group_ids', 'promotion.groups_required');
  if (body.subtype === 3 && body.product_ids.length === 0) issue('product_ids', 'promotion.products_required');
  if (body.bonus_type === 'percent' && body.amount > 100) issue('amount', 'validation.percent');
  if (body.end_date !== null && body.end_date < body.start_date) issue('end_date', 'promotion.end_before_start');
  if (body.min_purchase !== null && body.max_purchase !== null && body.max_purchase < body.min_purchase)
    issue('max_purchase', 'promotion.max_below_min');
}

export const ZCreateBonusPromotion = promotionFields.extend({ org_id: ZId.optional() }).superRefine(checkPromotion);
export type TCreateBonusPromotion = z.input<typeof ZCreateBonusPromotion>;
/** The edit form sends the whole promotion. */
export const ZUpdateBonusPromotion = promotionFields.superRefine(checkPromotion);

export const ZListBonusPromotionsQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  /** active: running (not closed, not ended); inactive: closed or ended. */
  status: optionalQuery(z.enum(['active', 'inactive'], { error: 'promotion.status_filter' })),
});
export const ZBonusPromotionList = listOf(ZBonusPromotion);
export type TBonusPromotionList = z.infer<typeof ZBonusPromotionList>;

/** What a promotion would do: who it reaches now, and what it would have paid over the last 30 days. */
export const ZBonusPromotionPreview = z.object({
  customers: z.number().int(),
  sample: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  /** Paid sales of the last 30 days it would have paid on, and the sum. */
  sales: z.number().int(),
  would_pay: z.number().int(),
  currency: z.string(),
  days: z.number().int(),
});
export type TBonusPromotionPreview = z.infer<typeof ZBonusPromotionPreview>;
