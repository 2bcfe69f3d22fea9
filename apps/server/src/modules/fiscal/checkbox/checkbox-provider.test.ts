import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckboxStandIn, checkboxCashier } from '../../../../test/stand-ins/checkbox-stand-in.js';
import { TestClock } from '../../../lib/clock.js';
import { FiscalProviderError, type FiscalReceiptRequest } from '../provider.js';
import type { CheckboxCashierCredentials } from './checkbox-api.js';
import { CheckboxFiscalProvider, SHIFT_POLL_MS } from './checkbox-provider.js';

const cashier = checkboxCashier('provider-test');
const pinCashier = checkboxCashier('provider-test-pin');
const standIn = new CheckboxStandIn([cashier, pinCashier]);
const clock = new TestClock();
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await standIn.start();
});
afterAll(() => standIn.stop());
afterEach(() => {
  // Every request the adapter made was one Checkbox documents, with the headers and body it asks for.
  expect(standIn.violations).toEqual([]);
});

function provider(options: { as?: 'login' | 'pin'; licenseKey?: string; password?: string } = {}) {
  const who = options.as === 'pin' ? pinCashier : cashier;
  let token: string | null = null;
  const credentials: CheckboxCashierCredentials =
    options.as === 'pin' ? { pinCode: who.pinCode } : { login: who.login, password: options.password ?? who.password };
  return new CheckboxFiscalProvider({
    licenseKey: options.licenseKey ?? who.licenseKey,
    cashier: credentials,
    tokens: { get: () => token, set: (value) => (token = value) },
    clock,
    baseUrl,
  });
}

function sale(overrides: Partial<FiscalReceiptRequest> = {}): FiscalReceiptRequest {
  return {
    kind: 'sale',
    idempotencyKey: `fiscal:${randomUUID()}`,
    documentId: randomUUID(),
    currency: 'UAH',
    // 2 × 40.00 less 10 % = 72.00, 1 × 22.50, less 4.50 of bonuses: 90.00 paid.
    totalMinor: 9_000,
    discountMinor: 450,
    lines: [
      {
        code: 'LATTE-1',
        name: 'Кава лате',
        barcode: '4820000000001',
        quantity: 2,
        listPriceMinor: 4_000,
        priceMinor: 3_600,
        taxCodes: ['А'],
      },
      {
        code: '17',
        name: 'Croissant',
        barcode: null,
        quantity: 1,
        listPriceMinor: 2_250,
        priceMinor: 2_250,
        taxCodes: [],
      },
    ],
    payment: 'cashless',
    relatedReceiptId: null,
    ...overrides,
  };
}

async function refusalOf(promise: Promise<unknown>): Promise<FiscalProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FiscalProviderError);
  return error as FiscalProviderError;
}

/** Closes whatever shift the stand-in's cashier has, so each test starts from none. */
async function withoutShift() {
  await provider().closeShift();
  await provider({ as: 'pin' }).closeShift();
}

describe('Checkbox fiscal provider against the stand-in of its API', () => {
  it('opens a shift, polling its state by the clock until the tax service has it', async () => {
    await withoutShift();
    standIn.books.polls = 3;
    const startedAt = clock.nowMs();
    const shift = await provider().openShift();
    standIn.books.polls = 1;
    expect(shift).toMatchObject({ isOpen: true, number: expect.any(Number), openedAt: expect.any(Date) });
    // Three reads of the shift, a second apart on the injected clock: nothing slept.
    expect(clock.nowMs() - startedAt).toBe(3 * SHIFT_POLL_MS);
    const opening = standIn.calls('POST', '/api/v1/shifts').at(-1)!;
    expect(opening.headers['x-license-key']).toBe(cashier.licenseKey);
    expect(opening.headers['x-client-name']).toBe('Vitrina');
    expect(opening.headers.authorization).toMatch(/^Bearer jwt-/);
    // Open already: answered as it is, nothing opened again.
    const before = standIn.calls('POST', '/api/v1/shifts').length;
    expect(await provider().ensureShift({ mayOpen: true })).toMatchObject({ isOpen: true, number: shift.number });
    expect(standIn.calls('POST', '/api/v1/shifts')).toHaveLength(before);
  });

  it('registers a sale receipt with its goods, tax groups, discounts and a cashless payment', async () => {
    const register = provider();
    await register.openShift();
    const request = sale();
    // Signed on the second read of the receipt.
    standIn.books.polls = 2;
    const { receiptId } = await register.registerReceipt(request);
    standIn.books.polls = 1;
    expect(receiptId).toBe(request.documentId);
    expect(standIn.calls('POST', '/api/v1/receipts/sell').at(-1)!.body).toEqual({
      id: request.documentId,
      goods: [
        {
          good: { code: 'LATTE-1', name: 'Кава лате', price: 4_000, barcode: '4820000000001', tax: ['А'] },
          quantity: 2_000,
          discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 800 }],
        },
        { good: { code: '17', name: 'Croissant', price: 2_250 }, quantity: 1_000 },
      ],
      discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 450, name: 'Бонуси' }],
      payments: [{ type: 'CASHLESS', value: 9_000, label: 'Картка' }],
    });
    expect(await register.fetchReceipt(receiptId)).toEqual({ status: 'pending' });
    const ready = await register.fetchReceipt(receiptId);
    expect(ready).toEqual({
      status: 'ready',
      document: {
        number: `TEST-${receiptId.slice(0, 8).toUpperCase()}`,
        fiscalSign: null,
        url: `https://check.checkbox.ua/${receiptId}`,
        registeredAt: expect.any(Date),
      },
    });
  });

  it('registers a return receipt that names the sale receipt, with numeric tax codes', async () => {
    const register = provider();
    await register.openShift();
    const line = { ...sale().lines[1]!, taxCodes: ['1', '8'] };
    const { receiptId: saleId } = await register.registerReceipt(sale({ lines: [sale().lines[0]!, line] }));
    const request = sale({
      kind: 'return',
      totalMinor: 2_250,
      discountMinor: 0,
      lines: [line],
      relatedReceiptId: saleId,
    });
    const { receiptId } = await register.registerReceipt(request);
    expect(standIn.books.receipts.get(receiptId)).toMatchObject({ type: 'RETURN', totalSum: 2_250 });
    expect(standIn.calls('POST', '/api/v1/receipts/sell').at(-1)!.body).toMatchObject({
      goods: [{ good: { tax: [1, 8] }, quantity: 1_000, is_return: true }],
      related_receipt_id: saleId,
    });
  });

  it('registers a return of products: each good with its quantity, its discount and its share of what is kept, summing to the refund', async () => {
    const register = provider();
    await register.openShift();
    const [latte, croissant] = sale().lines;
    // One latte (36.00 after 10 % off) and the croissant, 58.50, of which 58.00 is given back.
    const request = sale({
      kind: 'return',
      totalMinor: 5_800,
      discountMinor: 0,
      lines: [
        { ...latte!, quantity: 1, discountMinor: 31 },
        { ...croissant!, discountMinor: 19 },
      ],
    });
    const { receiptId } = await register.registerReceipt(request);
    expect(standIn.books.receipts.get(receiptId)).toMatchObject({ type: 'RETURN', totalSum: 5_800 });
    expect(standIn.calls('POST', '/api/v1/receipts/sell').at(-1)!.body).toEqual({
      id: request.documentId,
      goods: [
        {
          good: { code: 'LATTE-1', name: 'Кава лате', price: 4_000, barcode: '4820000000001', tax: ['А'] },
          quantity: 1_000,
          is_return: true,
          discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 431 }],
        },
        {
          good: { code: '17', name: 'Croissant', price: 2_250 },
          quantity: 1_000,
          is_return: true,
          discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 19 }],
        },
      ],
      payments: [{ type: 'CASHLESS', value: 5_800, label: 'Картка' }],
    });
    // A share that does not add up to the refund is refused before it is sent.
    const off = sale({ ...request, documentId: randomUUID(), totalMinor: 5_801 });
    expect((await refusalOf(register.registerReceipt(off))).reason).toBe(
      'the lines (5800) less the discount (0) are not the total (5801)',
    );
  });

  it('refuses a return of a good its sale receipt did not sell as it is returned, or of more than the sale took for it', async () => {
    const register = provider();
    await register.openShift();
    const { receiptId: saleId } = await register.registerReceipt(sale());
    const [latte, croissant] = sale().lines;
    const returnOf = (lines: FiscalReceiptRequest['lines']) => {
      const totalMinor = lines.reduce((sum, l) => sum + l.priceMinor * l.quantity - (l.discountMinor ?? 0), 0);
      return register.registerReceipt(
        sale({ kind: 'return', totalMinor, discountMinor: 0, lines, relatedReceiptId: saleId }),
      );
    };
    const refused = async (lines: FiscalReceiptRequest['lines']) => (await refusalOf(returnOf(lines))).reason;
    expect(await refused([{ ...croissant!, code: 'refund-1', name: 'Refund of sale #1' }])).toBe(
      'Товар refund-1 «Refund of sale #1» не продавався за цим чеком',
    );
    expect(await refused([{ ...croissant!, taxCodes: ['Б'] }])).toContain('не продавався');
    expect(await refused([{ ...latte!, quantity: 3 }])).toBe('Кількість товару LATTE-1 більша за продану');
    expect(await refused([{ ...latte!, discountMinor: -1 }])).toBe(
      'Сума повернення товару LATTE-1 більша за суму продажу',
    );
    // The lattes' money back less their share of the bonuses, then the croissant less the rest of them.
    await returnOf([{ ...latte!, discountMinor: 300 }]);
    expect(await refused([croissant!])).toBe('Сума повернень більша за суму чека продажу');
    expect((await returnOf([{ ...croissant!, discountMinor: 150 }])).receiptId).toEqual(expect.any(String));
  });

  it('never registers twice: a repeated id, or a retry after a lost answer, finds the first receipt', async () => {
    const register = provider();
    await register.openShift();
    const request = sale();
    standIn.dropNextAnswer = true;
    expect((await refusalOf(register.registerReceipt(request))).kind).toBe('unavailable');
    expect(standIn.books.receipts.has(request.documentId)).toBe(true);
    expect(await register.registerReceipt(request)).toEqual({ receiptId: request.documentId });
    expect(await register.registerReceipt(request)).toEqual({ receiptId: request.documentId });
    const made = [...standIn.books.receipts.values()].filter((receipt) => receipt.id === request.documentId);
    expect(made).toHaveLength(1);
  });

  it('keeps its token, and signs in once more when Checkbox refuses it', async () => {
    const register = provider();
    await register.openShift();
    const signIns = () => standIn.calls('POST', '/api/v1/cashier/signin').length;
    const before = signIns();
    await register.shiftStatus();
    await register.shiftStatus();
    expect(signIns()).toBe(before);
    standIn.books.expireTokens();
    expect(await register.shiftStatus()).toMatchObject({ isOpen: true });
    expect(signIns()).toBe(before + 1);
  });

  it('signs in with a PIN code and the license key; refused credentials are `credentials`', async () => {
    await withoutShift();
    expect(await provider({ as: 'pin' }).testConnection()).toMatchObject({ isOpen: false });
    expect(standIn.calls('POST', '/api/v1/cashier/signinPinCode').at(-1)!.body).toEqual({
      pin_code: pinCashier.pinCode,
    });
    const wrongKey = await refusalOf(provider({ as: 'pin', licenseKey: 'lic-unknown' }).testConnection());
    expect(wrongKey).toMatchObject({ kind: 'credentials', reason: 'Invalid credentials' });
    const wrongPassword = await refusalOf(provider({ password: 'nope' }).openShift());
    expect(wrongPassword.kind).toBe('credentials');
  });

  it('a shift the tax service refuses to open is `shift_closed` with its words; none is opened when it may not be', async () => {
    await withoutShift();
    standIn.books.refuseNextOpening = 'Сертифікат касира недійсний';
    const refused = await refusalOf(provider().openShift());
    expect(refused).toMatchObject({ kind: 'shift_closed', reason: 'Сертифікат касира недійсний' });
    const before = standIn.calls('POST', '/api/v1/shifts').length;
    expect(await provider().ensureShift({ mayOpen: false })).toMatchObject({ isOpen: false });
    expect(standIn.calls('POST', '/api/v1/shifts')).toHaveLength(before);
  });

  it('closes the shift with its Z report; closing none answers it closed without asking to close', async () => {
    const register = provider();
    const open = await register.openShift();
    expect(await register.closeShift()).toMatchObject({
      isOpen: false,
      number: open.number,
      closedAt: expect.any(Date),
    });
    expect(standIn.books.activeShift(cashier.login)).toBeNull();
    const closes = standIn.calls('POST', '/api/v1/shifts/close').length;
    expect(await register.closeShift()).toMatchObject({ isOpen: false });
    expect(standIn.calls('POST', '/api/v1/shifts/close')).toHaveLength(closes);
  });

  it('a receipt on no open shift, or one whose sums do not add up, is refused', async () => {
    await withoutShift();
    const noShift = await refusalOf(provider().registerReceipt(sale()));
    expect(noShift).toMatchObject({ kind: 'refused', reason: 'Зміну не відкрито' });
    const off = await refusalOf(provider().registerReceipt(sale({ totalMinor: 9_001 })));
    expect(off.kind).toBe('refused');
    expect((await refusalOf(provider().registerReceipt(sale({ currency: 'PLN' })))).reason).toContain('hryvnias');
  });

  it('no answer or a 5xx is `unavailable`', async () => {
    standIn.failNext = 1;
    expect((await refusalOf(provider().shiftStatus())).kind).toBe('unavailable');
    const nowhere = new CheckboxFiscalProvider({
      licenseKey: cashier.licenseKey,
      cashier: { login: cashier.login, password: cashier.password },
      tokens: { get: () => null, set: () => undefined },
      clock,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect((await refusalOf(nowhere.shiftStatus())).kind).toBe('unavailable');
  });
});

describe('the stand-in itself', () => {
  it('flags what Checkbox does not document: an unknown path, a missing header, an unknown field', async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-name': 't', 'x-client-version': '1', ...headers },
        body: JSON.stringify(body),
      });
    expect((await post('/api/v1/receipts/return', {})).status).toBe(404);
    expect((await post('/api/v1/cashier/signinPinCode', { pin_code: '1234' })).status).toBe(422);
    expect((await post('/api/v1/cashier/signin', { login: 'a', password: 'b', pin: 1 })).status).toBe(422);
    expect(standIn.violations).toEqual([
      'POST /api/v1/receipts/return: not a documented operation',
      'POST /api/v1/cashier/signinPinCode: no x-license-key header',
      'POST /api/v1/cashier/signin: / must NOT have additional properties (pin)',
    ]);
    standIn.violations.length = 0;
  });
});
