import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZOrder, ZOrderLine, ZOrderList, ZPersonOptions } from '../resources/order.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const ORDER_LINE_EXAMPLE: z.input<typeof ZOrderLine> = {
  product_id: 101,
  product_name: 'Chicken sandwich',
  quantity: 3,
  price_minor: 4500,
};

const ORDER_EXAMPLE: z.input<typeof ZOrder> = {
  id: 101,
  org_id: 101,
  micromarket_id: 101,
  micromarket_name: 'Kyiv office fridge',
  micromarket_address: 'Micromarket address',
  customer_id: 101,
  customer_name: 'Anna Koval',
  customer_phone: '+380501234567',
  courier_id: 101,
  courier_name: 'Petro Shevchenko',
  status: 0,
  total_minor: 4500,
  currency: 'UAH',
  payment_mode: 'prepay',
  payment_state: 'none',
  payment_error: 'Payment error',
  note: 'Leave at the reception',
  lines: [ORDER_LINE_EXAMPLE],
  moves: [0],
  created_at: '2026-12-03T09:30:00.000Z',
  updated_at: '2026-12-03T09:30:00.000Z',
};

const ORDER_LIST_EXAMPLE: z.input<typeof ZOrderList> = {
  items: [ORDER_EXAMPLE],
  total: 1,
};

const PERSON_OPTIONS_EXAMPLE: z.input<typeof ZPersonOptions> = {
  items: [
    {
      id: 101,
      name: 'Kyiv office fridge',
      phone: '+380501234567',
    },
  ],
};

export const orderExamples: AreaExamples<(typeof api)['order']> = {
  list: ORDER_LIST_EXAMPLE,
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  card: {
    ...ORDER_EXAMPLE,
    history: [
      {
        id: 101,
        from_status: 0,
        to_status: 0,
        actor_name: 'Kyiv office fridge',
        note: 'Leave at the reception',
        created_at: '2026-12-03T09:30:00.000Z',
      },
    ],
  },
  create: ORDER_EXAMPLE,
  move: ORDER_EXAMPLE,
  assignCourier: ORDER_EXAMPLE,
  courierOrders: ORDER_LIST_EXAMPLE,
  micromarkets: {
    items: [
      {
        id: 101,
        org_id: 101,
        name: 'Kyiv office fridge',
        payment_mode: 'prepay',
        currency: 'UAH',
      },
    ],
  },
  products: {
    items: [
      {
        id: 101,
        name: 'Kyiv office fridge',
        price_minor: 4500,
        in_stock: 1,
      },
    ],
  },
  customers: PERSON_OPTIONS_EXAMPLE,
  couriers: PERSON_OPTIONS_EXAMPLE,
  wishes: {
    items: [
      {
        product_id: 101,
        product_name: 'Chicken sandwich',
        count: 3,
        customers: 1,
        last_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  createWish: OK_EXAMPLE,
};
