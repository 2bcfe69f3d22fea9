import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZAppliedTemplate,
  ZApplyPlanogram,
  ZApplyTemplateToMany,
  ZCreatePlanogramSchedule,
  ZListPlanogramTemplatesQuery,
  ZMicromarketPlanogram,
  ZPlanogramSchedule,
  ZPlanogramTags,
  ZPlanogramTemplate,
  ZPlanogramTemplateList,
  ZSavePlanogramTemplate,
  ZTemplateMicromarkets,
} from '../resources/planogram.js';

const tag = 'planograms';
const view = ['show_device_page'] as const;
const edit = ['edit_devices'] as const;

/** The micromarket's planogram screen: templates, the active layout, schedules, expected tags. */
export const planogramApi = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/v1/planogram/template/list',
    summary: 'Planogram templates',
    tag,
    permissions: view,
    query: ZListPlanogramTemplatesQuery,
    response: ZPlanogramTemplateList,
  }),
  createTemplate: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/template/create',
    tag,
    summary: 'A reusable layout: shelves with their sections, each a product and how many fit',
    permissions: edit,
    body: ZSavePlanogramTemplate,
    response: ZPlanogramTemplate,
  }),
  updateTemplate: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/template/update/:id',
    tag,
    summary: 'Micromarkets already using it keep the layout they were given until it is applied again',
    permissions: edit,
    params: ZIdParam,
    body: ZSavePlanogramTemplate,
    response: ZPlanogramTemplate,
  }),
  deleteTemplate: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/template/delete/:id',
    tag,
    summary: '409 while a queued or active schedule uses it',
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
  templateMicromarkets: defineEndpoint({
    method: 'GET',
    path: '/v1/planogram/template/micromarkets/:id',
    tag,
    summary: 'The micromarkets (of those the caller sees) whose active layout came from template `id`',
    permissions: view,
    params: ZIdParam,
    response: ZTemplateMicromarkets,
  }),
  applyToMany: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/template/apply/:id',
    tag,
    summary:
      'Makes template `id` the active layout of each micromarket listed (those using it, as the user confirmed), in one transaction: all or none',
    permissions: edit,
    params: ZIdParam,
    body: ZApplyTemplateToMany,
    response: ZAppliedTemplate,
  }),
  micromarket: defineEndpoint({
    method: 'GET',
    path: '/v1/planogram/micromarket/:id',
    tag,
    summary: 'Micromarket `id`’s active layout and its schedules',
    permissions: view,
    params: ZIdParam,
    response: ZMicromarketPlanogram,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/apply/:id',
    tag,
    summary:
      'Makes a template micromarket `id`’s active layout now: the previous one is deactivated and the price tags follow',
    permissions: edit,
    params: ZIdParam,
    body: ZApplyPlanogram,
    response: ZMicromarketPlanogram,
    errors: [404],
  }),
  schedule: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/schedule/:id',
    tag,
    summary:
      'Schedules a template on micromarket `id` for dates; overlapping schedules answer 409 unless `confirm`, which cancels them',
    permissions: edit,
    params: ZIdParam,
    body: ZCreatePlanogramSchedule,
    response: ZPlanogramSchedule,
    errors: [404, 409],
  }),
  cancelSchedule: defineEndpoint({
    method: 'POST',
    path: '/v1/planogram/schedule/cancel/:id',
    tag,
    summary: 'Cancels a queued or active schedule (the layout in force stays)',
    permissions: edit,
    params: ZIdParam,
    response: ZPlanogramSchedule,
    errors: [409],
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/v1/planogram/tags/:id',
    tag,
    summary: 'Per product: tags micromarket `id`’s active layout expects against the tags inside',
    permissions: view,
    params: ZIdParam,
    response: ZPlanogramTags,
  }),
};
