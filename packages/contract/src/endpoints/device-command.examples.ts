import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const deviceCommandExamples: AreaExamples<(typeof api)['deviceCommand']> = {
  send: {
    command: {
      id: '550e8400-e29b-41d4-a716-446655440000',
      micromarket_id: 101,
      type: 'open_door',
      params: {
        example: {},
      },
      status: 'queued',
      attempts: 1,
      requested_by: 1,
      group_id: 101,
      created_at: '2026-12-03T09:30:00.000Z',
      sent_at: '2026-12-03T09:30:00.000Z',
      finished_at: '2026-12-03T09:30:00.000Z',
      expires_at: '2026-12-03T09:30:00.000Z',
      result: {
        example: {},
      },
      error: 'Error',
      message: 'Done',
    },
    message: 'Done',
  },
  history: {
    items: [
      {
        id: '550e8400-e29b-41d4-a716-446655440000',
        micromarket_id: 101,
        type: 'open_door',
        params: {
          example: {},
        },
        status: 'queued',
        attempts: 1,
        requested_by: 1,
        group_id: 101,
        created_at: '2026-12-03T09:30:00.000Z',
        sent_at: '2026-12-03T09:30:00.000Z',
        finished_at: '2026-12-03T09:30:00.000Z',
        expires_at: '2026-12-03T09:30:00.000Z',
        result: {
          example: {},
        },
        error: 'Error',
        message: 'Done',
      },
    ],
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
    rejected: {
      example: 1,
    },
  },
};
