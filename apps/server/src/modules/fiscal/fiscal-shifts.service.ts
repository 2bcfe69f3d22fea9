import { wallTimeAt } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { defineJob } from '../../lib/job-kind.js';
import { readSettings } from '../micromarkets/index.js';
import * as repo from './fiscal.repository.js';
import { type FiscalProvider, FiscalProviderError, type FiscalShiftState, opensShiftsItself } from './provider.js';
import type { FiscalProviders } from './provider-registry.js';

export const FISCAL_SHIFTS_JOB = 'fiscal.shifts';
/** How often the nightly closes and the registers that could not open a shift are looked at. */
export const FISCAL_SHIFTS_EVERY_MS = 60_000;
/** Checkbox's shifts: closed nightly at each organisation's close time, reopened when they could not be. */
export const fiscalShiftsJob = defineJob({ kind: FISCAL_SHIFTS_JOB, everyMs: FISCAL_SHIFTS_EVERY_MS });
/** A register that could not open a shift is asked again this often (§9's receipt retry). */
export const SHIFT_RETRY_MS = 2 * 60_000;

type Deps = { db: Db; clock: Clock; providers: FiscalProviders };
type Settings = repo.FiscalSettingsRow;

const pad = (value: number) => String(value).padStart(2, '0');

/** The organisation's calendar day at `instant`, `YYYY-MM-DD`. */
export function localDay(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The nightly close: from the organisation's close time (`HH:MM` on its clock) to midnight.
 * A shift must not outlive its day (Ukraine's rules for a PRRO; Checkbox refuses one older
 * than 24 hours), so a register that opens its own shifts closes its shift then, once a day
 * (its Z report), and the next receipt opens the next shift at once: the register's schedule
 * never turns a customer away (docs/decisions/094-the-nightly-close-turns-no-customer-away.md, "The nightly close turns no customer away").
 */
export function isNightlyClose(closeTime: string, timeZone: string, now: Date): boolean {
  const [hour = 0, minute = 0] = closeTime.split(':').map(Number);
  const wall = wallTimeAt(now, timeZone);
  return wall.hour * 60 + wall.minute >= hour * 60 + minute;
}

/**
 * Whether the register turns sales away (§8 "closed fiscal shift"), by what was last seen:
 * the test register when its shift is closed; one that opens its own shifts only when it
 * could not open one, never for its own schedule (a closed shift is opened by the next receipt).
 */
export function registerRefusesSales(settings: Settings): boolean {
  if (!opensShiftsItself(settings.provider)) return !settings.shiftOpen;
  return settings.shiftProblem !== null;
}

/**
 * §8's rejection reason "closed fiscal shift" for a micromarket that registers fiscal
 * receipts (the provider is not asked on the sale path). A micromarket without fiscal
 * registration is never refused; one whose organisation has no fiscal provider always is.
 * The hour does not matter (the gate's signature keeps it): no register refuses by its schedule.
 */
export async function fiscalShiftClosed(db: Db, micromarketId: number, _now: Date): Promise<boolean> {
  const [micromarket] = await db
    .select({ orgId: micromarkets.orgId, settings: micromarkets.settings })
    .from(micromarkets)
    .where(eq(micromarkets.id, micromarketId));
  if (!micromarket || !readSettings(micromarket.settings).fiscal_receipts) return false;
  const found = await repo.findFiscalSettings(db, micromarket.orgId);
  return !found || registerRefusesSales(found);
}

/**
 * The shift a receipt is about to go on, remembered for the sale path: a register that opens
 * its own shifts opens one whenever none is open (the nightly close's too: a receipt after it
 * goes on the next shift), and first closes one left open from an earlier day. When it cannot
 * open one, why is remembered (`fiscal.shift_cannot_open:<reason>`) and sales are refused until
 * a later attempt opens it.
 */
export async function readyShift(
  deps: Deps,
  register: { settings: Settings; timeZone: string; provider: FiscalProvider },
): Promise<FiscalShiftState> {
  const { settings, timeZone, provider } = register;
  const now = deps.clock.now();
  const isSelfOpening = opensShiftsItself(provider.kind);
  let shift: FiscalShiftState;
  try {
    shift = await provider.ensureShift({ mayOpen: isSelfOpening });
    if (
      isSelfOpening &&
      shift.isOpen &&
      shift.openedAt &&
      localDay(shift.openedAt, timeZone) < localDay(now, timeZone)
    ) {
      await provider.closeShift();
      shift = await provider.ensureShift({ mayOpen: isSelfOpening });
    }
  } catch (error) {
    if (error instanceof FiscalProviderError && (error.kind === 'shift_closed' || error.kind === 'credentials')) {
      const key = error.kind === 'credentials' ? 'fiscal.credentials_refused' : 'fiscal.shift_cannot_open';
      await repo.rememberShift(deps.db, settings.orgId, { isOpen: false, problem: `${key}:${error.reason}`, at: now });
    }
    throw error;
  }
  if (shift.isOpen !== settings.shiftOpen || settings.shiftProblem !== null) {
    await repo.rememberShift(deps.db, settings.orgId, { isOpen: shift.isOpen, at: now });
  }
  return shift;
}

/**
 * The `fiscal.shifts` job, every minute: closes the shift of each register that opens its own
 * once its organisation's nightly close begins (once a day; a failure is tried again the next
 * minute; the next receipt opens the next shift), and asks a register that could not open a
 * shift again every two minutes, at any hour, so sales resume without an operator once the
 * register can open one.
 */
export async function runShiftSchedule(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  for (const { settings, timeZone } of await repo.listSelfOpeningRegisters(deps.db)) {
    const today = localDay(now, timeZone);
    const isClosing = isNightlyClose(settings.shiftCloseTime, timeZone, now) && settings.dailyCloseOn !== today;
    const lastCheckMs = settings.shiftCheckedAt?.getTime() ?? 0;
    const isRetry = settings.shiftProblem !== null && lastCheckMs + SHIFT_RETRY_MS <= now.getTime();
    const provider = isClosing || isRetry ? deps.providers.build(settings, deps.db) : null;
    if (!provider) continue;
    try {
      if (isClosing) {
        const shift = await provider.closeShift();
        await repo.rememberShift(deps.db, settings.orgId, { isOpen: shift.isOpen, at: now, dailyCloseOn: today });
      } else {
        await readyShift(deps, { settings, timeZone, provider });
      }
    } catch (error) {
      // One register's trouble is its own: the others are still looked at, and it is asked again.
      if (!(error instanceof FiscalProviderError)) throw error;
    }
  }
}
