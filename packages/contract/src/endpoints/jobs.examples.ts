import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';

export const jobsExamples: AreaExamples<(typeof api)['jobs']> = {
  list: {
    items: [
      {
        id: 101,
        kind: 'Kind',
        key: 'Key',
        status: 'queued',
        attempts: 1,
        max_attempts: 1,
        run_at: '2026-12-03T09:30:00.000Z',
        created_at: '2026-12-03T09:30:00.000Z',
        finished_at: '2026-12-03T09:30:00.000Z',
        locked_by: 'Locked by',
        last_error: 'Last error',
      },
    ],
    total: 1,
    by_status: {
      queued: 1,
      running: 1,
      done: 1,
      failed: 1,
    },
    kinds: ['Kind'],
  },
  retry: {
    id: 101,
    kind: 'Kind',
    key: 'Key',
    status: 'queued',
    attempts: 1,
    max_attempts: 1,
    run_at: '2026-12-03T09:30:00.000Z',
    created_at: '2026-12-03T09:30:00.000Z',
    finished_at: '2026-12-03T09:30:00.000Z',
    locked_by: 'Locked by',
    last_error: 'Last error',
  },
};
