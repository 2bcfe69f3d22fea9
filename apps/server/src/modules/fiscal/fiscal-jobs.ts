import type { ServiceContext } from '../../lib/context.js';
import type { JobRunner } from '../jobs/index.js';
import { FISCAL_REGISTER_JOB, FISCAL_RETRY_MS, registerFiscalReceipt } from './fiscal-register.service.js';
import { FISCAL_SHIFTS_EVERY_MS, FISCAL_SHIFTS_JOB, runShiftSchedule } from './fiscal-shifts.service.js';
import type { FiscalProviders } from './provider-registry.js';

/** The fiscal jobs on the one job runner: a job per receipt, and the shift schedule. */
export function registerFiscalJobs(
  jobs: JobRunner,
  { ctx, providers }: { ctx: ServiceContext; providers: FiscalProviders },
) {
  const fiscalDeps = { db: ctx.db, clock: ctx.clock, providers };
  // §9 "receipt retry 2 minutes": every retry of a fiscal receipt waits the same two minutes.
  jobs.register(FISCAL_REGISTER_JOB, ({ job }) => registerFiscalReceipt(fiscalDeps, job), {
    backoffBaseMs: FISCAL_RETRY_MS,
    backoffMaxMs: FISCAL_RETRY_MS,
  });
  // Checkbox's shifts: closed nightly at each organisation's close time, reopened when they could not be.
  jobs.register(FISCAL_SHIFTS_JOB, () => runShiftSchedule(fiscalDeps), { everyMs: FISCAL_SHIFTS_EVERY_MS });
}
