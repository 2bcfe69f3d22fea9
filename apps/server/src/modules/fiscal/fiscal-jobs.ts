import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { fiscalRegisterJob, registerFiscalReceipt } from './fiscal-register.service.js';
import { fiscalShiftsJob, runShiftSchedule } from './fiscal-shifts.service.js';
import type { FiscalProviders } from './provider-registry.js';

/** The fiscal jobs on the one job runner: a job per receipt, and the shift schedule. */
export function registerFiscalJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: FiscalProviders },
) {
  const fiscalDeps = { db: ctx.db, clock: ctx.clock, providers };
  jobs.register(fiscalRegisterJob, (payload, { job }) =>
    registerFiscalReceipt(fiscalDeps, { payload, attempts: job.attempts, maxAttempts: job.maxAttempts }),
  );
  jobs.register(fiscalShiftsJob, () => runShiftSchedule(fiscalDeps));
}
