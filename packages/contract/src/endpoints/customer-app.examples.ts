import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type {
  ZAppProducts,
  ZCustomerChat,
  ZCustomerChatCard,
  ZCustomerOrder,
  ZCustomerProfile,
  ZInboxMessage,
} from '../resources/customer-app.js';
import type { api } from './index.js';
import { OK_EXAMPLE, SUPPORT_COMMENT_EXAMPLE } from './shared.examples.js';

const CUSTOMER_PROFILE_EXAMPLE: z.input<typeof ZCustomerProfile> = {
  id: 101,
  name: 'Kyiv office fridge',
  phone: '+380501234567',
  org_id: 101,
  org_name: 'Kyiv Snacks LLC',
};

const INBOX_MESSAGE_EXAMPLE: z.input<typeof ZInboxMessage> = {
  id: 101,
  importance: 'important',
  title: 'Fresh lunch is in',
  body: 'Body',
  action: 'Action',
  extra: {
    example: 'Example',
  },
  delivered_at: '2026-12-03T09:30:00.000Z',
  read_at: '2026-12-03T09:30:00.000Z',
};

const CUSTOMER_CHAT_EXAMPLE: z.input<typeof ZCustomerChat> = {
  id: 101,
  title: 'Fresh lunch is in',
  text: 'Thank you, the door closes properly now',
  status: 'new',
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  transaction_id: 101,
  comments_count: 3,
  last_comment_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
};

const CUSTOMER_CHAT_CARD_EXAMPLE: z.input<typeof ZCustomerChatCard> = {
  ...CUSTOMER_CHAT_EXAMPLE,
  comments: [SUPPORT_COMMENT_EXAMPLE],
};

const APP_PRODUCTS_EXAMPLE: z.input<typeof ZAppProducts> = {
  items: [
    {
      id: 101,
      name: 'Kyiv office fridge',
      description: 'Fresh sandwiches and drinks',
      image_url: 'https://panel.example.com/image-url',
      price_minor: 4500,
      currency: 'UAH',
    },
  ],
};

const CUSTOMER_ORDER_EXAMPLE: z.input<typeof ZCustomerOrder> = {
  id: 101,
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  status: 0,
  total_minor: 4500,
  currency: 'UAH',
  payment_state: 'none',
  note: 'Leave at the reception',
  lines: [
    {
      product_id: 101,
      product_name: 'Chicken sandwich',
      quantity: 3,
      price_minor: 4500,
    },
  ],
  created_at: '2026-12-03T09:30:00.000Z',
  updated_at: '2026-12-03T09:30:00.000Z',
};

export const customerAppExamples: AreaExamples<(typeof api)['customerApp']> = {
  requestCode: {
    resend_after_s: 1,
  },
  signIn: {
    token: 'tok_3f9a1c2e7b',
    customer: CUSTOMER_PROFILE_EXAMPLE,
  },
  signOut: OK_EXAMPLE,
  me: CUSTOMER_PROFILE_EXAMPLE,
  inbox: {
    items: [INBOX_MESSAGE_EXAMPLE],
    total: 1,
    unread: 1,
  },
  read: INBOX_MESSAGE_EXAMPLE,
  registerDevice: OK_EXAMPLE,
  chats: {
    items: [CUSTOMER_CHAT_EXAMPLE],
    total: 1,
  },
  chat: CUSTOMER_CHAT_CARD_EXAMPLE,
  createChat: CUSTOMER_CHAT_CARD_EXAMPLE,
  comment: CUSTOMER_CHAT_CARD_EXAMPLE,
  orderMicromarkets: {
    items: [
      {
        id: 101,
        name: 'Kyiv office fridge',
        address: 'Khreshchatyk St, 22, Kyiv',
      },
    ],
  },
  orderProducts: APP_PRODUCTS_EXAMPLE,
  orders: {
    items: [CUSTOMER_ORDER_EXAMPLE],
    total: 1,
  },
  createOrder: CUSTOMER_ORDER_EXAMPLE,
  wishProducts: APP_PRODUCTS_EXAMPLE,
  createWish: OK_EXAMPLE,
  openFridge: {
    message: 'Done',
    request_id: 101,
    command_id: 'Command id',
  },
  openAuthenticated: '<!doctype html><title>Confirm the payment</title>',
};
