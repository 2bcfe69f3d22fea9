import { z } from 'zod';
import { type CodeOf, PLANOGRAM_SCHEDULE_STATUS } from '../enums.js';
import { listOf, requiredText, searchQuery, ZId, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

export type PlanogramScheduleStatus = CodeOf<typeof PLANOGRAM_SCHEDULE_STATUS>;
export const PLANOGRAM_MAX_SHELVES = 20;
export const PLANOGRAM_MAX_SECTIONS = 30;
export const PLANOGRAM_MAX_CAPACITY = 999;

const count = (max: number, error: string) => z.number({ error }).int({ error }).min(0, { error }).max(max, { error });

/** One place on a shelf: the product it holds (none: left empty) and how many fit. */
export const ZPlanogramSection = z.object({
  product_id: ZId.nullable(),
  capacity: count(PLANOGRAM_MAX_CAPACITY, 'planogram.capacity'),
});
export const ZPlanogramShelf = z.object({
  /** The shelf's number in the micromarket, from the top. */
  number: z
    .number({ error: 'planogram.shelf_number' })
    .int({ error: 'planogram.shelf_number' })
    .min(1, { error: 'planogram.shelf_number' })
    .max(PLANOGRAM_MAX_SHELVES, { error: 'planogram.shelf_number' }),
  sections: z.array(ZPlanogramSection).max(PLANOGRAM_MAX_SECTIONS, { error: 'planogram.too_many_sections' }),
});
/** Shelves from the top, each with its sections from the left. */
export const ZPlanogramLayout = z.object({
  shelves: z
    .array(ZPlanogramShelf)
    .min(1, { error: 'planogram.shelves_required' })
    .max(PLANOGRAM_MAX_SHELVES, { error: 'planogram.shelves_required' })
    .refine((shelves) => new Set(shelves.map((shelf) => shelf.number)).size === shelves.length, {
      error: 'planogram.shelf_twice',
    }),
});
export type TPlanogramLayout = z.infer<typeof ZPlanogramLayout>;

/** A layout as read back: each section with its product's name. */
export const ZPlanogramLayoutView = z.object({
  shelves: z.array(
    z.object({
      number: z.number().int(),
      sections: z.array(
        z.object({
          product_id: z.number().int().nullable(),
          product_name: z.string().nullable(),
          /** The product's small picture (files module), if it has one. */
          thumb_url: z.string().nullable(),
          capacity: z.number().int(),
        }),
      ),
    }),
  ),
});
export type TPlanogramLayoutView = z.infer<typeof ZPlanogramLayoutView>;

export const ZPlanogramTemplate = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  layout: ZPlanogramLayoutView,
  /** Items the layout holds when full. */
  capacity: z.number().int(),
  /** Micromarkets it is active on now. */
  active_count: z.number().int(),
  updated_at: ZTimestamp,
});
export type TPlanogramTemplate = z.infer<typeof ZPlanogramTemplate>;
export const ZPlanogramTemplateList = listOf(ZPlanogramTemplate);
export type TPlanogramTemplateList = z.infer<typeof ZPlanogramTemplateList>;
export const ZListPlanogramTemplatesQuery = ZPageQuery.extend({ org_id: ZIdQuery, q: searchQuery() });

export const ZSavePlanogramTemplate = z.object({
  name: requiredText(120),
  layout: ZPlanogramLayout,
  /** Whose template (create only); the caller's organisation when absent. */
  org_id: ZId.optional(),
});

const PLANOGRAM_SCHEDULE_CODES = PLANOGRAM_SCHEDULE_STATUS.map((row) => row.code) as PlanogramScheduleStatus[];
export const ZPlanogramSchedule = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  template_id: z.number().int(),
  template_name: z.string(),
  /** First and last day, `YYYY-MM-DD`, inclusive, UTC. */
  date_from: z.string(),
  date_to: z.string(),
  status: z.union(PLANOGRAM_SCHEDULE_CODES.map((code) => z.literal(code)) as [z.ZodLiteral<PlanogramScheduleStatus>]),
  created_at: ZTimestamp,
});
export type TPlanogramSchedule = z.infer<typeof ZPlanogramSchedule>;

export const ZCreatePlanogramSchedule = z
  .object({
    template_id: ZId,
    date_from: z.iso.date({ error: 'validation.date' }),
    date_to: z.iso.date({ error: 'validation.date' }),
    /** The user confirmed that overlapping schedules are cancelled. */
    confirm: z.boolean().default(false),
  })
  .refine((value) => value.date_to >= value.date_from, { error: 'planogram.dates_order', path: ['date_to'] });

export const ZApplyPlanogram = z.object({ template_id: ZId });

/** How many micromarkets one "apply to all" may change at once. */
export const PLANOGRAM_APPLY_MAX = 500;

/** A micromarket whose active layout came from a template. */
export const ZTemplateMicromarket = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  activated_at: ZTimestamp,
});
export const ZTemplateMicromarkets = z.object({ items: z.array(ZTemplateMicromarket) });
export type TTemplateMicromarkets = z.infer<typeof ZTemplateMicromarkets>;

/** The micromarkets the user confirmed: the template becomes the layout of each, all or none. */
export const ZApplyTemplateToMany = z.object({
  micromarket_ids: z
    .array(ZId, { error: 'planogram.micromarkets_required' })
    .min(1, { error: 'planogram.micromarkets_required' })
    .max(PLANOGRAM_APPLY_MAX, { error: 'planogram.micromarkets_required' }),
});
export const ZAppliedTemplate = z.object({ applied: z.number().int(), items: z.array(ZTemplateMicromarket) });
export type TAppliedTemplate = z.infer<typeof ZAppliedTemplate>;

/** A micromarket's planogram: the active layout, its schedules and the templates it may take. */
export const ZMicromarketPlanogram = z.object({
  micromarket_id: z.number().int(),
  active: z
    .object({
      template_id: z.number().int().nullable(),
      template_name: z.string(),
      layout: ZPlanogramLayoutView,
      activated_at: ZTimestamp,
      schedule_id: z.number().int().nullable(),
    })
    .nullable(),
  schedules: z.array(ZPlanogramSchedule),
});
export type TMicromarketPlanogram = z.infer<typeof ZMicromarketPlanogram>;

/** Tags the active planogram expects of a product against the tags in the micromarket. */
export const ZPlanogramTagRow = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  expected: z.number().int(),
  present: z.number().int(),
  /** Expected − present when short, else 0. */
  missing: z.number().int(),
  /** Present beyond what is expected (products the layout has no place for count whole). */
  excess: z.number().int(),
});
export type TPlanogramTagRow = z.infer<typeof ZPlanogramTagRow>;
export const ZPlanogramTags = z.object({ items: z.array(ZPlanogramTagRow) });
