import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZDeviceCommand } from '../resources/device-command.js';
import type { api } from './index.js';

const DEVICE_COMMAND_EXAMPLE: z.input<typeof ZDeviceCommand> = {
  id: '550e8400-e29b-41d4-a716-446655440000',
  micromarket_id: 101,
  type: 'open_door',
  params: {},
  status: 'queued',
  attempts: 0,
  requested_by: 1,
  requested_by_label: 'operator@vitrina.local',
  group_id: null,
  created_at: '2026-12-03T09:30:00.000Z',
  sent_at: null,
  finished_at: null,
  expires_at: '2026-12-03T09:32:00.000Z',
  result: null,
  error: null,
  message: null,
};

export const deviceCommandExamples: AreaExamples<(typeof api)['deviceCommand']> = {
  send: {
    command: DEVICE_COMMAND_EXAMPLE,
    message: 'Done',
  },
  history: {
    items: [DEVICE_COMMAND_EXAMPLE],
    total: 1,
  },
  sendToGroup: {
    items: [
      {
        micromarket_id: 101,
        command_id: '550e8400-e29b-41d4-a716-446655440000',
        message: 'Done',
      },
    ],
    sent: 1,
    refused: 1,
  },
  gatewayStats: {
    broker: 'embedded',
    received: 1,
    accepted: 1,
    clock_skew: 1,
    auth_failures: 1,
    telemetry_dropped: 1,
    events_dropped: 1,
    out_of_order: 0,
    rejected: {
      example: 1,
    },
  },
};
