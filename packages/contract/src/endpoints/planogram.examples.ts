import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type {
  ZMicromarketPlanogram,
  ZPlanogramLayoutView,
  ZPlanogramSchedule,
  ZPlanogramTemplate,
  ZTemplateMicromarket,
} from '../resources/planogram.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const PLANOGRAM_LAYOUT_VIEW_EXAMPLE: z.input<typeof ZPlanogramLayoutView> = {
  shelves: [
    {
      number: 1,
      sections: [
        {
          product_id: 101,
          product_name: 'Chicken sandwich',
          thumb_url: 'https://panel.example.com/thumb-url',
          capacity: 1,
        },
      ],
    },
  ],
};

const PLANOGRAM_TEMPLATE_EXAMPLE: z.input<typeof ZPlanogramTemplate> = {
  id: 101,
  org_id: 101,
  name: 'Kyiv office fridge',
  layout: PLANOGRAM_LAYOUT_VIEW_EXAMPLE,
  capacity: 1,
  active_count: 3,
  updated_at: '2026-12-03T09:30:00.000Z',
};

const TEMPLATE_MICROMARKET_EXAMPLE: z.input<typeof ZTemplateMicromarket> = {
  id: 101,
  name: 'Kyiv office fridge',
  address: 'Khreshchatyk St, 22, Kyiv',
  activated_at: '2026-12-03T09:30:00.000Z',
};

const PLANOGRAM_SCHEDULE_EXAMPLE: z.input<typeof ZPlanogramSchedule> = {
  id: 101,
  micromarket_id: 101,
  template_id: 101,
  template_name: 'Weekday lunch',
  date_from: 'Date from',
  date_to: 'Date to',
  status: 1,
  created_at: '2026-12-03T09:30:00.000Z',
};

const MICROMARKET_PLANOGRAM_EXAMPLE: z.input<typeof ZMicromarketPlanogram> = {
  micromarket_id: 101,
  active: {
    template_id: 101,
    template_name: 'Weekday lunch',
    layout: PLANOGRAM_LAYOUT_VIEW_EXAMPLE,
    activated_at: '2026-12-03T09:30:00.000Z',
    schedule_id: 101,
  },
  schedules: [PLANOGRAM_SCHEDULE_EXAMPLE],
};

export const planogramExamples: AreaExamples<(typeof api)['planogram']> = {
  templates: {
    items: [PLANOGRAM_TEMPLATE_EXAMPLE],
    total: 1,
  },
  createTemplate: PLANOGRAM_TEMPLATE_EXAMPLE,
  updateTemplate: PLANOGRAM_TEMPLATE_EXAMPLE,
  deleteTemplate: OK_EXAMPLE,
  templateMicromarkets: {
    items: [TEMPLATE_MICROMARKET_EXAMPLE],
  },
  applyToMany: {
    applied: 1,
    items: [TEMPLATE_MICROMARKET_EXAMPLE],
  },
  micromarket: MICROMARKET_PLANOGRAM_EXAMPLE,
  apply: MICROMARKET_PLANOGRAM_EXAMPLE,
  schedule: PLANOGRAM_SCHEDULE_EXAMPLE,
  cancelSchedule: PLANOGRAM_SCHEDULE_EXAMPLE,
  tags: {
    items: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        expected: 1,
        present: 1,
        missing: 1,
        excess: 1,
      },
    ],
  },
};
