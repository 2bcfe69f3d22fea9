import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { insertFiscalMicromarket } from '../../../test/factories/receipt-sales.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { CheckboxStandIn, checkboxCashier } from '../../../test/stand-ins/checkbox-stand-in.js';
import { TestClock } from '../../lib/clock.js';
import { findFiscalSettings, saveFiscalSettings } from './fiscal.repository.js';
import { fiscalShiftClosed, isNightlyClose, readyShift, runShiftSchedule } from './fiscal-shifts.service.js';

/** 1 January 2026 is winter: Kyiv is UTC+2, so 21:50 UTC is the default 23:50 close. */
const kyiv = (time: string, day = '2026-01-01') => new Date(`${day}T${time}:00+02:00`);
const clock = new TestClock(kyiv('12:00'));
const standIn = new CheckboxStandIn([], () => clock.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, fiscal: { checkboxBaseUrl: await standIn.start() } });
});
afterAll(async () => {
  await ctx.close();
  await standIn.stop();
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
});

const db = () => ctx.database.db;
const deps = () => ({ db: db(), clock, providers: ctx.app.fiscal });

/** An organisation in Kyiv on a Checkbox register of its own, and a micromarket that registers receipts. */
async function register() {
  const orgId = await createOrganisation(db(), { timeZone: 'Europe/Kyiv' });
  const cashier = checkboxCashier();
  standIn.books.addCashier(cashier);
  await saveFiscalSettings(db(), {
    orgId,
    provider: 'checkbox',
    credentialsSealed: ctx.app.fiscal.sealCredentials(orgId, {
      api_key: cashier.licenseKey,
      cashier_login: cashier.login,
      cashier_password: cashier.password,
    }),
  });
  const micromarketId = await insertFiscalMicromarket(db(), orgId, true);
  const ready = async () => {
    const settings = (await findFiscalSettings(db(), orgId))!;
    return readyShift(deps(), { settings, timeZone: 'Europe/Kyiv', provider: ctx.app.fiscal.build(settings)! });
  };
  return { orgId, cashier, micromarketId, ready };
}

describe('Checkbox shifts: the nightly close', () => {
  it('reads the close time on the organisation’s clock, up to midnight', () => {
    expect(isNightlyClose('23:50', 'Europe/Kyiv', kyiv('23:49'))).toBe(false);
    expect(isNightlyClose('23:50', 'Europe/Kyiv', kyiv('23:50'))).toBe(true);
    expect(isNightlyClose('23:50', 'Europe/Kyiv', kyiv('23:59'))).toBe(true);
    expect(isNightlyClose('23:50', 'Europe/Kyiv', kyiv('00:00', '2026-01-02'))).toBe(false);
    expect(isNightlyClose('23:50', 'Asia/Tokyo', kyiv('16:55'))).toBe(true);
  });

  it('closes the shift once at the close time; sales are never refused for it, and the next receipt opens the next shift', async () => {
    clock.set(kyiv('12:00'));
    const r = await register();
    const day = await r.ready();
    expect(day.isOpen).toBe(true);
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);

    clock.set(kyiv('23:51'));
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);
    await runShiftSchedule(deps());
    expect(standIn.books.activeShift(r.cashier.login)).toBeNull();
    expect(await findFiscalSettings(db(), r.orgId)).toMatchObject({ shiftOpen: false, dailyCloseOn: '2026-01-01' });
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);
    // A late receipt opens the next shift at once; the close is once a day, so it stays open.
    clock.set(kyiv('23:55'));
    const night = await r.ready();
    expect(night.isOpen).toBe(true);
    expect(night.number).not.toBe(day.number);
    const closes = standIn.calls('POST', '/api/v1/shifts/close').length;
    clock.set(kyiv('23:57'));
    await runShiftSchedule(deps());
    expect(standIn.calls('POST', '/api/v1/shifts/close')).toHaveLength(closes);
    expect(standIn.books.activeShift(r.cashier.login)).toMatchObject({ serial: night.number, status: 'OPENED' });
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);

    // The night's shift does not outlive its day: the first receipt after midnight goes on a new one.
    clock.set(kyiv('00:01', '2026-01-02'));
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);
    const morning = await r.ready();
    expect(morning.isOpen).toBe(true);
    expect(morning.number).not.toBe(night.number);
  });

  it('a register that could not open a shift is asked again during the nightly close too', async () => {
    clock.set(kyiv('12:00'));
    const r = await register();
    await r.ready();
    clock.set(kyiv('23:50'));
    await runShiftSchedule(deps());
    standIn.books.refuseNextOpening = 'Сертифікат касира недійсний';
    clock.set(kyiv('23:52'));
    await expect(r.ready()).rejects.toMatchObject({ kind: 'shift_closed' });
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(true);
    clock.set(kyiv('23:54'));
    await runShiftSchedule(deps());
    expect(standIn.books.activeShift(r.cashier.login)).toMatchObject({ status: 'OPENED' });
    expect(await fiscalShiftClosed(db(), r.micromarketId, clock.now())).toBe(false);
  });

  it('a shift left open from an earlier day is closed before a receipt goes on a new one', async () => {
    clock.set(kyiv('12:00'));
    const r = await register();
    const yesterday = await r.ready();
    // The nightly close never ran (the server was down): the next day's first receipt comes.
    clock.set(kyiv('09:00', '2026-01-02'));
    const today = await r.ready();
    expect(today).toMatchObject({ isOpen: true });
    expect(today.number).not.toBe(yesterday.number);
    expect(
      standIn.books.shifts.filter((shift) => shift.login === r.cashier.login).map((shift) => shift.status),
    ).toEqual(['CLOSED', 'OPENED']);
  });

  it('the test register’s shift is the operator’s: a closed one refuses sales at any hour', async () => {
    clock.set(kyiv('12:00'));
    const orgId = await createOrganisation(db(), { timeZone: 'Europe/Kyiv' });
    await saveFiscalSettings(db(), { orgId, provider: 'test' });
    const micromarketId = await insertFiscalMicromarket(db(), orgId, true);
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(true);
    await ctx.app.fiscal.build((await findFiscalSettings(db(), orgId))!)!.openShift();
    const settings = (await findFiscalSettings(db(), orgId))!;
    await readyShift(deps(), {
      settings,
      timeZone: 'Europe/Kyiv',
      provider: ctx.app.fiscal.build(settings)!,
    });
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(false);
    clock.set(kyiv('23:55'));
    expect(await fiscalShiftClosed(db(), micromarketId, clock.now())).toBe(false);
  });
});
