import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZFleetThresholds } from '../resources/fleet-thresholds.js';
import type { ZMicromarket } from '../resources/micromarket.js';
import type { ZDiscount, ZPersonalPrice } from '../resources/micromarket-pricing.js';
import type { ZMicromarketSettingsShape } from '../resources/micromarket-settings.js';
import type { ZShelf } from '../resources/micromarket-shelf.js';
import type { ZPriceTag } from '../resources/price-tag.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const MICROMARKET_EXAMPLE: z.input<typeof ZMicromarket> = {
  id: 101,
  org_id: 101,
  active: true,
  name: 'Kyiv office fridge',
  address: 'Khreshchatyk St, 22, Kyiv',
  description: 'Fresh sandwiches and drinks',
  location_description: 'Ground floor, by the lifts',
  serial_number: 'VT-000123',
  latitude: 50.4474,
  longitude: 30.5215,
  courier_latitude: 50.4472,
  courier_longitude: 30.5219,
  country: 'UA',
  subscription_price: 90000,
  connection: 'online',
  last_activity_at: '2026-12-03T09:30:00.000Z',
  temperature: 4,
  temperature_state: 'in_range',
  defrosting: false,
  door: 'closed',
  ip: '10.20.0.17',
  mac_address: 'AA:BB:CC:00:11:22',
  platform: 'linux-arm64',
  firmware: '2.4.1',
  locked: false,
  locked_at: null,
  lock_reason: null,
  on_maintenance: false,
  discount_percent: 3,
  token_issued_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
};

const MICROMARKET_SETTINGS_SHAPE_EXAMPLE: z.input<typeof ZMicromarketSettingsShape> = {
  payment_rfid: true,
  payment_scales: true,
  payment_scales_rfid_check: true,
  payment_neuro: true,
  payment_coffee_machine: true,
  payment_barcode: true,
  hold_enabled: true,
  hold_amount: 4500,
  fiscal_receipts: true,
  manual_check_mode: true,
  available_for_orders: true,
  telegram_notifications: true,
  available_for_subscription: true,
  live_weight_mode: true,
  rescan_if_zero: true,
  always_open: true,
  active_from: '09:30',
  active_to: '09:30',
  test_mode: true,
  test_amount: 4500,
  charity_mode: true,
  align_tag_expiry: true,
  on_maintenance: true,
  hide_from_ai: true,
  order_payment_mode: 'prepay',
  redirect_to_web_payment: true,
  interacts_with_animation: true,
};

const SHELF_EXAMPLE: z.input<typeof ZShelf> = {
  id: 101,
  micromarket_id: 101,
  number: 1,
  name: 'Top shelf',
  trackers: ['Tracker'],
  products: [
    {
      id: 101,
      name: 'Chicken sandwich',
    },
  ],
  weight_grams: 1,
  calibrated_weight_grams: 1,
  calibrated_at: '2026-12-03T09:30:00.000Z',
};

const DISCOUNT_EXAMPLE: z.input<typeof ZDiscount> = {
  id: 101,
  micromarket_id: 101,
  percent: 10,
  active_to: '2027-12-31',
  is_active: true,
  created_at: '2026-12-03T09:30:00.000Z',
};

const PERSONAL_PRICE_EXAMPLE: z.input<typeof ZPersonalPrice> = {
  id: 101,
  micromarket_id: 101,
  product_id: 101,
  product_name: 'Chicken sandwich',
  price: 4500,
  sell_cost: 4500,
  updated_at: '2026-12-03T09:30:00.000Z',
};

const PRICE_TAG_EXAMPLE: z.input<typeof ZPriceTag> = {
  id: 101,
  micromarket_id: 101,
  label_code: 'Label code',
  shelf_id: 101,
  shelf_number: 1,
  product_id: 101,
  product_name: 'Chicken sandwich',
  shown_price: 4500,
  current_price: 4500,
  is_outdated: true,
  synced_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
};

const FLEET_THRESHOLDS_EXAMPLE: z.input<typeof ZFleetThresholds> = {
  org_id: 101,
  temperature_min: 4,
  temperature_max: 4,
  lock_after_minutes: 1,
  door_open_timeout_seconds: 1,
  weight_tolerance_grams: 1,
  is_default: true,
};

export const micromarketExamples: AreaExamples<(typeof api)['micromarket']> = {
  options: {
    items: [
      {
        id: 101,
        org_id: 101,
        name: 'Kyiv office fridge',
        address: 'Khreshchatyk St, 22, Kyiv',
      },
    ],
  },
  list: {
    items: [MICROMARKET_EXAMPLE],
    total: 1,
  },
  export: 'id,name\r\n101,Kyiv office fridge\r\n',
  display: {
    items: [
      {
        id: 101,
        org_id: 101,
        name: 'Kyiv office fridge',
        address: 'Khreshchatyk St, 22, Kyiv',
        active: true,
        connection: 'online',
        door: 'open',
        temperature: 4,
        temperature_state: 'in_range',
        defrosting: true,
        locked: false,
        last_activity_at: '2026-12-03T09:30:00.000Z',
        open_alerts: 1,
        alerts: [
          {
            id: 101,
            type: 1,
            status: 'open',
            opened_at: '2026-12-03T09:30:00.000Z',
            details: {
              example: {},
            },
          },
        ],
        locked_at: '2026-12-03T09:30:00.000Z',
        lock_reason: 'Lock reason',
        temperature_min: 4,
        temperature_max: 4,
        overheat_since: 'Overheat since',
        tilt: 1,
        tilt_limit: 1,
        door_open_since: 'Door open since',
        latitude: 1,
        longitude: 1,
      },
    ],
    truncated: false,
    counts: {
      example: 1,
    },
    map: {
      url: 'https://panel.example.com/url',
      attribution: 'Attribution',
      max_zoom: 1,
    },
  },
  info: MICROMARKET_EXAMPLE,
  create: {
    ...MICROMARKET_EXAMPLE,
    token: 'tok_3f9a1c2e7b',
  },
  update: MICROMARKET_EXAMPLE,
  delete: OK_EXAMPLE,
  rotateToken: {
    token: 'tok_3f9a1c2e7b',
    token_issued_at: '2026-12-03T09:30:00.000Z',
  },
  settings: MICROMARKET_SETTINGS_SHAPE_EXAMPLE,
  updateSettings: MICROMARKET_SETTINGS_SHAPE_EXAMPLE,
  copySettings: {
    ok: true,
    count: 3,
  },
  shelves: {
    items: [SHELF_EXAMPLE],
  },
  createShelf: SHELF_EXAMPLE,
  updateShelf: SHELF_EXAMPLE,
  deleteShelf: OK_EXAMPLE,
  discounts: {
    items: [DISCOUNT_EXAMPLE],
  },
  createDiscount: DISCOUNT_EXAMPLE,
  deleteDiscount: OK_EXAMPLE,
  prices: {
    items: [PERSONAL_PRICE_EXAMPLE],
  },
  upsertPrice: PERSONAL_PRICE_EXAMPLE,
  deletePrice: OK_EXAMPLE,
  priceTags: {
    items: [PRICE_TAG_EXAMPLE],
  },
  createPriceTag: PRICE_TAG_EXAMPLE,
  updatePriceTag: PRICE_TAG_EXAMPLE,
  deletePriceTag: OK_EXAMPLE,
  events: {
    items: [
      {
        id: 101,
        at: '2026-12-03T09:30:00.000Z',
        kind: 'Kind',
        details: {
          example: {},
        },
        actor_label: 'Actor label',
      },
    ],
    total: 1,
  },
  stock: {
    items: [
      {
        id: 101,
        code: 'A1B2C3',
        product_id: 101,
        product_name: 'Chicken sandwich',
        price: 4500,
        placed_at: '2026-12-03T09:30:00.000Z',
        store_up_to: '2026-12-06T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  writtenOff: {
    items: [
      {
        id: 101,
        code: 'A1B2C3',
        product_id: 101,
        product_name: 'Chicken sandwich',
        written_off_at: '2026-12-03T09:30:00.000Z',
        reason: 'Repeated unpaid sales',
        store_up_to: '2026-12-06T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  telemetry: {
    period: '6h',
    from: '2026-12-01',
    to: '2026-12-31',
    bucket_ms: 1,
    points: [
      {
        at: '2026-12-03T09:30:00.000Z',
        temperature_min: 4,
        temperature_max: 4,
        temperature_avg: 4,
        door_open_share: 1,
        defrosting: true,
        samples: 1,
      },
    ],
    connection: [
      {
        at: '2026-12-03T09:30:00.000Z',
        online: true,
      },
    ],
  },
  thresholds: FLEET_THRESHOLDS_EXAMPLE,
  updateThresholds: FLEET_THRESHOLDS_EXAMPLE,
};
