import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZOpenLink, ZOpenLinkInfo } from '../resources/open-link.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const OPEN_LINK_EXAMPLE: z.input<typeof ZOpenLink> = {
  token: 'tok_3f9a1c2e7b',
  micromarket_id: 101,
  kind: 'customer',
  path: 'Path',
  url: 'https://panel.example.com/url',
  expires_at: '2026-12-03T09:30:00.000Z',
  used_at: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-03T09:30:00.000Z',
  created_by: 'Created by',
};

const OPEN_LINK_INFO_EXAMPLE: z.input<typeof ZOpenLinkInfo> = {
  kind: 'customer',
  micromarket_name: 'Kyiv office fridge',
  address: 'Khreshchatyk St, 22, Kyiv',
  refusal: 'Refusal',
};

export const openLinkExamples: AreaExamples<(typeof api)['openLink']> = {
  create: OPEN_LINK_EXAMPLE,
  list: {
    items: [OPEN_LINK_EXAMPLE],
  },
  revoke: OK_EXAMPLE,
  customerInfo: OPEN_LINK_INFO_EXAMPLE,
  customerOpen: {
    message: 'Done',
    request_id: 101,
    command_id: 'Command id',
  },
  courierInfo: OPEN_LINK_INFO_EXAMPLE,
  courierOpen: {
    message: 'Done',
    request_id: 101,
    command_id: 'Command id',
  },
  progress: {
    status: 'queued',
    sale: {
      amount_minor: 4500,
      currency: 'UAH',
      payment_status: 1,
      receipt_path: 'Receipt path',
    },
  },
};
