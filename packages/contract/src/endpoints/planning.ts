import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload } from '../resources/common.js';
import {
  ZExportPlanQuery,
  ZPickSheet,
  ZPlan,
  ZPlanBatches,
  ZPlanBatchesResult,
  ZPlanFilters,
  ZPlanQuery,
} from '../resources/planning.js';

const tag = 'planning';
const permissions = ['show_planning_page'] as const;

/** §2 `/product/planning`: what to bring to each micromarket, per route and per storage. */
export const planningApi = {
  plan: defineEndpoint({
    method: 'GET',
    path: '/v1/planning',
    tag,
    summary:
      'Per micromarket (paged) and product: par from the active planogram, stock and expiring tags, sales rate, wishes, what to bring; the pick lists cover every micromarket of the filter',
    permissions,
    query: ZPlanQuery,
    response: ZPlan,
  }),
  pickSheet: defineEndpoint({
    method: 'GET',
    path: '/v1/planning/pick-sheet',
    tag,
    summary:
      'The pick sheets to print: per route its couriers and pick from storage, then each micromarket with work and its lines to bring and take out',
    permissions,
    query: ZPlanFilters,
    response: ZPickSheet,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/planning/export',
    tag,
    summary: 'The plan, one row per micromarket and product to bring or take out, as CSV or XLSX',
    permissions,
    query: ZExportPlanQuery,
    response: ZFileDownload,
    format: 'file',
  }),
  batches: defineEndpoint({
    method: 'POST',
    path: '/v1/planning/batches',
    tag,
    summary:
      'For each product the plan of the filter needs more of than the storage holds, a task for the tag programmer to write the difference',
    permissions,
    body: ZPlanBatches,
    response: ZPlanBatchesResult,
  }),
};
