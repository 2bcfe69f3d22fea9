import { z } from 'zod';
import { PRODUCT_STATUSES } from '../enums.js';
import { CURRENCIES } from '../locales.js';
import { ZCategoryPathItem } from './category.js';
import {
  idList,
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  text,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';
import { ZTaxCodes } from './fiscal.js';

/** Money is integer minor units (kopiyka, grosz, cent) in the organisation's currency. */
const ZMinor = z.number().int().min(0).max(100_000_000);

export const ZProduct = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  article: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The fiscal register's tax groups of this product; null: the organisation's default (its fiscal settings). */
  tax_codes: z.array(z.string()).nullable(),
  weight_g: z.number().int().nullable(),
  maker_id: z.number().int().nullable(),
  maker_name: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_path: z.array(ZCategoryPathItem),
  base_cost: ZMinor,
  sell_cost: ZMinor,
  currency: z.enum(CURRENCIES),
  storage_period_hours: z.number().int(),
  /** Most units one customer may take in one purchase; 0 for no limit. */
  purchase_limit: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  /** Mean of the 1–5 votes, one decimal; null without votes. */
  rating: z.number().nullable(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  show_in_orders: z.boolean(),
  show_in_wishes: z.boolean(),
  is_public: z.boolean(),
  for_programmer: z.boolean(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductInfo = ZProduct.extend({
  /** Tags of this product by status. */
  tag_counts: z.record(z.string(), z.number().int()),
});
export type TProductInfo = z.infer<typeof ZProductInfo>;

const productFields = {
  name: requiredText(200),
  description: text(5000),
  article: nullableText(64),
  barcode: nullableText(32, { regex: /^[0-9A-Za-z-]{4,32}$/, error: 'validation.barcode' }),
  tax_codes: ZTaxCodes.nullable(),
  weight_g: z.number().int().min(0).max(1_000_000).nullable(),
  maker_id: ZId.nullable(),
  category_id: ZId.nullable(),
  base_cost: ZMinor,
  sell_cost: ZMinor,
  storage_period_hours: z.number().int().min(1).max(8760),
  purchase_limit: z.number().int().min(0).max(1000),
  status: z.enum(PRODUCT_STATUSES),
  show_in_orders: z.boolean(),
  show_in_wishes: z.boolean(),
  is_public: z.boolean(),
  for_programmer: z.boolean(),
};

export const ZCreateProduct = z.object({
  ...productFields,
  description: productFields.description.default(''),
  article: productFields.article,
  tax_codes: productFields.tax_codes.default(null),
  weight_g: productFields.weight_g.default(null),
  maker_id: productFields.maker_id.default(null),
  category_id: productFields.category_id.default(null),
  base_cost: productFields.base_cost.default(0),
  storage_period_hours: productFields.storage_period_hours.default(72),
  purchase_limit: productFields.purchase_limit.default(0),
  status: z.enum(['active', 'inactive']).default('active'),
  show_in_orders: productFields.show_in_orders.default(true),
  show_in_wishes: productFields.show_in_wishes.default(true),
  is_public: productFields.is_public.default(true),
  for_programmer: productFields.for_programmer.default(true),
  org_id: ZId.optional(),
});
export type TCreateProduct = z.input<typeof ZCreateProduct>;
/** No defaults: a field left out keeps its value. Status moves through /v1/product/status. */
export const ZUpdateProduct = z.object(productFields).omit({ status: true }).partial();

export const PRODUCT_SORTS = ['name', '-name', 'sell_cost', '-sell_cost', 'created_at', '-created_at'] as const;

export const ZListProductsQuery = ZPageQuery.extend({
  /** Over name, article and barcode. */
  q: searchQuery(),
  /** Any level: the category and everything below it. */
  category_id: ZIdQuery,
  maker_id: ZIdQuery,
  org_id: ZIdQuery,
  status: optionalQuery(z.enum(PRODUCT_STATUSES)),
  show_in_orders: ZQueryBoolean,
  show_in_wishes: ZQueryBoolean,
  is_public: ZQueryBoolean,
  for_programmer: ZQueryBoolean,
  sort: optionalQuery(z.enum(PRODUCT_SORTS)),
});
export type TListProductsQueryParsed = z.output<typeof ZListProductsQuery>;
export const ZProductList = listOf(ZProduct);
export type TProductList = z.infer<typeof ZProductList>;

export const ZProductStatusChange = z.object({
  ids: idList(500).min(1),
  status: z.enum(PRODUCT_STATUSES),
});
export const ZUpdated = z.object({ updated: z.number().int() });

/** Spec §5: copying needs at least one organisation and one maker. */
export const ZCopyProducts = z.object({
  org_ids: idList(50).min(1, { error: 'product.copy_requires' }),
  maker_ids: idList(200).min(1, { error: 'product.copy_requires' }),
  /** Only these products of those makers; all of their products when left out. */
  product_ids: idList(5000).optional(),
});
export const ZCopyResult = z.object({
  copied: z.number().int(),
  /** Already in the target organisation (same article, or same name without an article). */
  skipped: z.number().int(),
  makers_created: z.number().int(),
  categories_created: z.number().int(),
});
export type TCopyResult = z.infer<typeof ZCopyResult>;

export const ZProductHistoryItem = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: ZTimestamp,
});
export const ZProductHistory = z.object({ items: z.array(ZProductHistoryItem) });
export type TProductHistory = z.infer<typeof ZProductHistory>;

/** The rating ranks from the top only: each sort is descending, with no `-` prefix. */
export const PRODUCT_RATING_SORTS = ['rating', 'likes', 'dislikes', 'votes'] as const;

export const ZProductRatingQuery = ZPageQuery.extend({
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  org_id: ZIdQuery,
  category_id: ZIdQuery,
  sort: optionalQuery(z.enum(PRODUCT_RATING_SORTS)),
});
export const ZProductRatingItem = z.object({
  product_id: z.number().int(),
  name: z.string(),
  maker_name: z.string().nullable(),
  thumb_url: z.string().nullable(),
  rating: z.number().nullable(),
  votes: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
});
export const ZProductRating = listOf(ZProductRatingItem);
export type TProductRating = z.infer<typeof ZProductRating>;
