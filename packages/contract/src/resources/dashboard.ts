import { z } from 'zod';

/** Counters of the dashboard (spec §2); later areas add theirs. */
export const ZDashboardSummary = z.object({
  users: z.number().int(),
  new_users: z.number().int().describe('registered in the last 4 weeks'),
  micromarkets: z.number().int(),
  micromarkets_online: z.number().int(),
});
