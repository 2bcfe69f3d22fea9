import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZBonusHistoryItem, ZCustomerBlockState, ZUser } from '../resources/user.js';
import type { api } from './index.js';

const USER_EXAMPLE: z.input<typeof ZUser> = {
  id: 101,
  name: 'Anna Koval',
  email: 'anna.koval@example.com',
  phones: ['+380501234567'],
  user_type: 1,
  role_id: 101,
  role_name: 'Operator',
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
  currency: 'UAH',
  bonuses: 1,
  push_limit_important: 1,
  push_limit_unimportant: 1,
  lang: 'en',
  active: true,
  registered: true,
  last_login_at: '2026-12-03T09:30:00.000Z',
  last_purchase_at: '2026-12-03T09:30:00.000Z',
  blocked: false,
  created_at: '2026-12-03T09:30:00.000Z',
};

const BONUS_HISTORY_ITEM_EXAMPLE: z.input<typeof ZBonusHistoryItem> = {
  id: 101,
  operation: 1,
  amount_minor: 4500,
  reason: 'Repeated unpaid sales',
  transaction_id: 101,
  created_by_id: 101,
  created_by_name: 'Anna Koval',
  created_at: '2026-12-03T09:30:00.000Z',
};

const CUSTOMER_BLOCK_STATE_EXAMPLE: z.input<typeof ZCustomerBlockState> = {
  block: {
    reason: 'Repeated unpaid sales',
    created_by_name: 'Anna Koval',
    created_at: '2026-12-03T09:30:00.000Z',
  },
  can_change: true,
};

export const userExamples: AreaExamples<(typeof api)['user']> = {
  list: {
    items: [
      {
        ...USER_EXAMPLE,
        can_edit: true,
      },
    ],
    total: 1,
  },
  report: 'id,name\r\n101,Kyiv office fridge\r\n',
  create: {
    ...USER_EXAMPLE,
    invitation_link: 'https://panel.example.com/invitation-link',
  },
  info: USER_EXAMPLE,
  infoBy: USER_EXAMPLE,
  update: USER_EXAMPLE,
  invite: {
    invitation_link: 'https://panel.example.com/invitation-link',
  },
  bonuses: {
    items: [BONUS_HISTORY_ITEM_EXAMPLE],
    total: 1,
    balance_minor: 4500,
    currency: 'UAH',
    can_change: true,
  },
  changeBonuses: {
    balance_minor: 4500,
    operation: BONUS_HISTORY_ITEM_EXAMPLE,
  },
  block: CUSTOMER_BLOCK_STATE_EXAMPLE,
  blockCustomer: CUSTOMER_BLOCK_STATE_EXAMPLE,
  unblockCustomer: CUSTOMER_BLOCK_STATE_EXAMPLE,
};
