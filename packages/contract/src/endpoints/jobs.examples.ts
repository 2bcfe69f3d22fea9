import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZJob } from '../resources/job.js';
import type { api } from './index.js';

const JOB_EXAMPLE: z.input<typeof ZJob> = {
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
};

export const jobsExamples: AreaExamples<(typeof api)['jobs']> = {
  list: {
    items: [JOB_EXAMPLE],
    total: 1,
    by_status: {
      queued: 1,
      running: 1,
      done: 1,
      failed: 1,
    },
    kinds: ['Kind'],
  },
  retry: JOB_EXAMPLE,
};
