import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZBonusPromotion } from '../resources/bonus-promotion.js';
import type { api } from './index.js';

const BONUS_PROMOTION_EXAMPLE: z.input<typeof ZBonusPromotion> = {
  id: 101,
  org_id: 101,
  name: 'Coffee bonus',
  description: 'Fresh sandwiches and drinks',
  type: 1,
  subtype: 1,
  bonus_type: 'percent',
  amount: 4500,
  period: 'once',
  start_date: 'Start date',
  end_date: 'End date',
  min_purchase: 1,
  max_purchase: 1,
  new_users: true,
  organization_ids: [101],
  micromarket_ids: [101],
  group_ids: [101],
  product_ids: [101],
  status: 1,
  is_active: true,
  closed_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
};

export const bonusPromotionExamples: AreaExamples<(typeof api)['bonusPromotion']> = {
  list: {
    items: [BONUS_PROMOTION_EXAMPLE],
    total: 1,
  },
  info: BONUS_PROMOTION_EXAMPLE,
  create: BONUS_PROMOTION_EXAMPLE,
  update: BONUS_PROMOTION_EXAMPLE,
  close: BONUS_PROMOTION_EXAMPLE,
  preview: {
    customers: 1,
    sample: [
      {
        id: 101,
        name: 'Kyiv office fridge',
        email: 'anna.koval@example.com',
      },
    ],
    sales: 1,
    would_pay: 1,
    currency: 'UAH',
    days: 1,
  },
};
