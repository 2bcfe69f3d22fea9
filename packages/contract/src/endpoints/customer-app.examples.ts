import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZAppProducts, ZCustomerChatCard } from '../resources/customer-app.js';
import type { api } from './index.js';
import { OK_EXAMPLE, OPEN_PURCHASE_ANSWER_EXAMPLE } from './shared.examples.js';

const CUSTOMER_CHAT_CARD_EXAMPLE: z.input<typeof ZCustomerChatCard> = {
  id: 101,
  title: 'Title',
  text: 'Text',
  status: 'new',
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  transaction_id: 101,
  comments_count: 3,
  last_comment_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
  comments: [
    {
      id: 101,
      author_kind: 'staff',
      author_name: 'Anna Koval',
      text: 'Text',
      attachment: {
        url: 'https://panel.example.com/url',
        name: 'Kyiv office fridge',
        type: 'Type',
      },
      created_at: '2026-12-03T09:30:00.000Z',
    },
  ],
};

const APP_PRODUCTS_EXAMPLE: z.input<typeof ZAppProducts> = {
  items: [
    {
      id: 101,
      name: 'Chicken sandwich',
      description: 'Fresh sandwiches and drinks',
      image_url: 'https://panel.example.com/image-url',
      price_minor: 4500,
      currency: 'UAH',
    },
  ],
};

export const customerAppExamples: AreaExamples<(typeof api)['customerApp']> = {
  requestCode: {
    resend_after_s: 1,
  },
  signIn: {
    token: 'tok_3f9a1c2e7b',
    customer: {
      id: 101,
      name: 'Anna Koval',
      phone: '+380501234567',
      org_id: 101,
      org_name: 'Kyiv Snacks LLC',
    },
  },
  signOut: OK_EXAMPLE,
  me: {
    id: 101,
    name: 'Kyiv office fridge',
    phone: '+380501234567',
    org_id: 101,
    org_name: 'Kyiv Snacks LLC',
  },
  inbox: {
    items: [
      {
        id: 101,
        importance: 'important',
        title: 'Title',
        body: 'Body',
        action: 'Action',
        extra: {
          example: 'Example',
        },
        delivered_at: '2026-12-03T09:30:00.000Z',
        read_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
    unread: 1,
  },
  read: {
    id: 101,
    importance: 'important',
    title: 'Title',
    body: 'Body',
    action: 'Action',
    extra: {
      example: 'Example',
    },
    delivered_at: '2026-12-03T09:30:00.000Z',
    read_at: '2026-12-03T09:30:00.000Z',
  },
  registerDevice: OK_EXAMPLE,
  chats: {
    items: [
      {
        id: 101,
        title: 'Title',
        text: 'Text',
        status: 'new',
        micromarket_id: 101,
        micromarket_name: 'Kyiv office fridge',
        transaction_id: 101,
        comments_count: 3,
        last_comment_at: '2026-12-03T09:30:00.000Z',
        created_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  chat: CUSTOMER_CHAT_CARD_EXAMPLE,
  createChat: CUSTOMER_CHAT_CARD_EXAMPLE,
  comment: CUSTOMER_CHAT_CARD_EXAMPLE,
  orderMicromarkets: {
    items: [
      {
        id: 101,
        name: 'Chicken sandwich',
        address: 'Khreshchatyk St, 22, Kyiv',
      },
    ],
  },
  orderProducts: APP_PRODUCTS_EXAMPLE,
  orders: {
    items: [
      {
        id: 101,
        micromarket_id: 101,
        micromarket_name: 'Kyiv office fridge',
        status: 0,
        total_minor: 4500,
        currency: 'UAH',
        payment_state: 'none',
        note: 'Note',
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
      },
    ],
    total: 1,
  },
  createOrder: {
    id: 101,
    micromarket_id: 101,
    micromarket_name: 'Kyiv office fridge',
    status: 0,
    total_minor: 4500,
    currency: 'UAH',
    payment_state: 'none',
    note: 'Note',
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
  },
  wishProducts: APP_PRODUCTS_EXAMPLE,
  createWish: OK_EXAMPLE,
  openFridge: OPEN_PURCHASE_ANSWER_EXAMPLE,
  openAuthenticated: '<!doctype html><title>Confirm the payment</title>',
};
