import { z } from 'zod';
import { idList, requiredText, searchQuery, ZId, ZIdQuery, ZTimestamp } from './common.js';

const ZName = requiredText(120);

export const ZCategory = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** 1, 2 or 3. */
  level: z.number().int().min(1).max(3),
  name: z.string(),
  position: z.number().int(),
  /** Products in this category and below it. */
  products_count: z.number().int(),
  children_count: z.number().int(),
  created_at: ZTimestamp,
});
export type TCategory = z.infer<typeof ZCategory>;

/** A category with its ancestors, first the top level: what breadcrumbs and pickers show. */
export const ZCategoryPathItem = z.object({ id: z.number().int(), name: z.string(), level: z.number().int() });
export const ZCategoryInfo = ZCategory.extend({ path: z.array(ZCategoryPathItem) });
export type TCategoryInfo = z.infer<typeof ZCategoryInfo>;

/** Without parent_id: the top level. */
export const ZListCategoriesQuery = z.object({
  parent_id: ZIdQuery,
  org_id: ZIdQuery,
  q: searchQuery(),
});
export const ZCategoryList = z.object({ items: z.array(ZCategory), total: z.number().int() });
export type TCategoryList = z.infer<typeof ZCategoryList>;

/** Every category of the visible organisations as a flat list, for tree pickers. */
export const ZCategoryTreeQuery = z.object({ org_id: ZIdQuery });
export const ZCategoryTree = z.object({
  items: z.array(ZCategory.pick({ id: true, org_id: true, parent_id: true, level: true, name: true, position: true })),
});
export type TCategoryTree = z.infer<typeof ZCategoryTree>;

/** A top-level category names its organisation; a sub-category inherits its parent's. */
export const ZCreateCategory = z.object({
  name: ZName,
  parent_id: ZId.nullable().default(null),
  org_id: ZId.optional(),
});
export type TCreateCategory = z.input<typeof ZCreateCategory>;
export const ZUpdateCategory = z.object({ name: ZName });

/** The new order of the children of one parent (null: the top level of `org_id`). */
export const ZReorderCategories = z.object({
  parent_id: ZId.nullable(),
  org_id: ZId.optional(),
  ids: idList(500).min(1),
});
