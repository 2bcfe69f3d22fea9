import { describe, expect, it } from 'vitest';
import {
  type AuditInput,
  type AuditLine,
  type AuditPrinted,
  type AuditReceipt,
  auditMoney,
  CHECKS,
  firstViolation,
  MoneyViolation,
  providerBooks,
  type Rule,
} from './money-audit.js';

/**
 * The audit of the money invariant run fails on each broken rule: a small world whose money
 * is right, and one breakage per rule, each found with its sale and its rule.
 */
const AT = new Date('2026-03-18T12:00:00Z');
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

/** A line of one unit, untagged and not refunded, unless told otherwise; its code is its product's id. */
function line(
  values: Pick<AuditLine, 'id' | 'saleId' | 'productId' | 'listPriceMinor' | 'priceMinor'> & Partial<AuditLine>,
): AuditLine {
  return { tagCode: null, quantity: 1, refundedQuantity: 0, code: String(values.productId), ...values };
}

/** A registered receipt whose goods are not looked at, unless told. */
function receipt(
  values: Pick<AuditReceipt, 'id' | 'saleId' | 'kind' | 'amountMinor'> & Partial<AuditReceipt>,
): AuditReceipt {
  return { refundPaymentId: null, status: 'ready', printed: null, ...values };
}

function world(): AuditInput {
  const base = {
    isTest: false,
    bonusesUsedMinor: 0,
    refundedMinor: 0,
    sensorCheck: null,
    registersFiscal: true,
    closedAt: AT,
  };
  return {
    sales: [
      // A customer's two items (one by tag, one untagged by the scales), 10 % off, 100 in bonuses, 300 refunded.
      {
        ...base,
        id: 1,
        status: 1,
        paymentStatus: 1,
        customerId: 5,
        doorSessionId: 's1',
        grossMinor: 1_500,
        discountMinor: 150,
        bonusesUsedMinor: 100,
        amountMinor: 1_250,
        paidMinor: 1_250,
        refundedMinor: 300,
      },
      // A guest: priced, not paid.
      {
        ...base,
        id: 2,
        status: 1,
        paymentStatus: 2,
        customerId: null,
        doorSessionId: 's2',
        grossMinor: 1_000,
        discountMinor: 100,
        amountMinor: 900,
        paidMinor: 0,
      },
      // A tag left on the shelf: the sensors disagreed, the operator counted, then it was charged.
      {
        ...base,
        id: 3,
        status: 1,
        paymentStatus: 1,
        customerId: 6,
        doorSessionId: 's3',
        grossMinor: 700,
        discountMinor: 0,
        amountMinor: 700,
        paidMinor: 700,
        sensorCheck: { disagreements: [{ kind: 'count_differs' }], resolved_at: later(60).toISOString() },
      },
      // Nothing taken: the hold was let go.
      {
        ...base,
        id: 4,
        status: 1,
        paymentStatus: 3,
        customerId: 5,
        doorSessionId: 's4',
        grossMinor: 0,
        discountMinor: 0,
        amountMinor: 0,
        paidMinor: 0,
      },
      // A web order refunded by products: two of four yoghurts, then a yoghurt and the salad
      // (700 as sold, 600 of money left: bonuses paid 300); a refund of one yoghurt failed before.
      {
        ...base,
        id: 5,
        status: 1,
        paymentStatus: 1,
        customerId: 6,
        doorSessionId: null,
        grossMinor: 1_300,
        discountMinor: 0,
        bonusesUsedMinor: 300,
        amountMinor: 1_000,
        paidMinor: 1_000,
        refundedMinor: 1_000,
      },
    ],
    lines: [
      line({ id: 1, saleId: 1, productId: 10, tagCode: 'T1', listPriceMinor: 1_000, priceMinor: 900 }),
      line({ id: 2, saleId: 1, productId: 11, listPriceMinor: 500, priceMinor: 450 }),
      line({ id: 3, saleId: 2, productId: 10, tagCode: 'T2', listPriceMinor: 1_000, priceMinor: 900 }),
      line({ id: 4, saleId: 3, productId: 12, listPriceMinor: 700, priceMinor: 700 }),
      line({ id: 5, saleId: 5, productId: 13, quantity: 4, listPriceMinor: 200, priceMinor: 200, refundedQuantity: 3 }),
      line({ id: 6, saleId: 5, productId: 14, listPriceMinor: 500, priceMinor: 500, refundedQuantity: 1 }),
    ],
    payments: [
      { id: 1, saleId: 1, operation: 'charge', status: 1, amountMinor: 1_250, createdAt: AT },
      { id: 2, saleId: 1, operation: 'refund', status: 1, amountMinor: 300, createdAt: later(600) },
      { id: 3, saleId: 3, operation: 'charge', status: 1, amountMinor: 700, createdAt: later(61) },
      { id: 4, saleId: 4, operation: 'hold', status: 1, amountMinor: 20_000, createdAt: AT },
      { id: 5, saleId: 4, operation: 'release', status: 1, amountMinor: 20_000, createdAt: later(30) },
      { id: 16, saleId: 5, operation: 'charge', status: 1, amountMinor: 1_000, createdAt: AT },
      { id: 17, saleId: 5, operation: 'refund', status: 2, amountMinor: 200, createdAt: later(500) },
      { id: 18, saleId: 5, operation: 'refund', status: 1, amountMinor: 400, createdAt: later(600) },
      { id: 19, saleId: 5, operation: 'refund', status: 1, amountMinor: 600, createdAt: later(700) },
      // A goodwill refund of sale 3 the bank confirmed, then reversed (refund.failed).
      { id: 20, saleId: 3, operation: 'refund', status: 2, amountMinor: 200, createdAt: later(900) },
    ],
    refundLines: [
      { paymentId: 17, lineId: 5, quantity: 1 },
      { paymentId: 18, lineId: 5, quantity: 2 },
      { paymentId: 19, lineId: 5, quantity: 1 },
      { paymentId: 19, lineId: 6, quantity: 1 },
    ],
    receipts: [
      receipt({ id: 1, saleId: 1, kind: 'sale', amountMinor: 1_250 }),
      receipt({ id: 2, saleId: 1, kind: 'return', refundPaymentId: 2, amountMinor: 300 }),
      receipt({ id: 3, saleId: 3, kind: 'sale', amountMinor: 700 }),
      receipt({ id: 4, saleId: 5, kind: 'sale', amountMinor: 1_000 }),
      receipt({
        id: 5,
        saleId: 5,
        kind: 'return',
        refundPaymentId: 18,
        amountMinor: 400,
        printed: { totalMinor: 400, discountMinor: 0, lines: [{ code: '13', quantity: 2, sumMinor: 400 }] },
      }),
      // 100 kept of 700, shared 200 : 500 — 28 off the yoghurt, 72 off the salad.
      receipt({
        id: 6,
        saleId: 5,
        kind: 'return',
        refundPaymentId: 19,
        amountMinor: 600,
        printed: {
          totalMinor: 600,
          discountMinor: 0,
          lines: [
            { code: '13', quantity: 1, sumMinor: 172 },
            { code: '14', quantity: 1, sumMinor: 428 },
          ],
        },
      }),
      // The reversed refund's return was registered: a correction sells it back.
      receipt({ id: 7, saleId: 3, kind: 'return', refundPaymentId: 20, amountMinor: 200 }),
      receipt({ id: 8, saleId: 3, kind: 'correction', refundPaymentId: 20, amountMinor: 200 }),
    ],
    bonuses: [
      { saleId: 1, operation: 2, reason: 'purchase', idempotencyKey: 'tx:1:use', amountMinor: 100 },
      { saleId: 5, operation: 2, reason: 'purchase', idempotencyKey: 'tx:5:use', amountMinor: 300 },
      { saleId: 1, operation: 1, reason: 'promotion', idempotencyKey: 'promo:7:user:5:once', amountMinor: 115 },
    ],
    sessions: [
      {
        id: 's1',
        items: [
          { tag: 'T1', productId: 10 },
          { tag: null, productId: 11 },
        ],
        faults: [],
        expectDispute: false,
      },
      { id: 's2', items: [{ tag: 'T2', productId: 10 }], faults: [], expectDispute: false },
      { id: 's3', items: [{ tag: null, productId: 12 }], faults: ['tag-left'], expectDispute: true },
      { id: 's4', items: [], faults: [], expectDispute: false },
    ],
    provider: {
      netBySale: new Map([
        [1, 950],
        [3, 700],
      ]),
      unattributed: [],
    },
  };
}

/** How the healthy books are broken: a change of `world()`. */
type Break = (input: AuditInput) => AuditInput;
type Table = 'sales' | 'lines' | 'payments' | 'refundLines' | 'receipts' | 'bonuses';
type Row<T extends Table> = AuditInput[T][number];

/** These rows added to a table. */
const adding =
  <T extends Table>(table: T, ...rows: Row<T>[]): Break =>
  (input) => ({ ...input, [table]: [...input[table], ...rows] });
/** A copy of a row (by its id), with these changes, added to the table. */
const copying =
  <T extends 'sales' | 'lines'>(table: T, id: number, changes: Partial<Row<T>>): Break =>
  (input) =>
    adding(table, { ...(input[table] as readonly Row<T>[]).find((row) => row.id === id)!, ...changes })(input);
/** The rows of a table that `drop` picks taken out. */
const dropping =
  <T extends Table>(table: T, drop: (row: Row<T>) => boolean): Break =>
  (input) => ({ ...input, [table]: (input[table] as readonly Row<T>[]).filter((row) => !drop(row)) });
/** One row of a table (by its id) with these changes. */
const changing =
  <T extends 'sales' | 'lines' | 'payments' | 'receipts'>(table: T, id: number, changes: Partial<Row<T>>): Break =>
  (input) => ({
    ...input,
    [table]: (input[table] as readonly Row<T>[]).map((row) => (row.id === id ? { ...row, ...changes } : row)),
  });
/** The receipt printed with these goods instead, its total and discount as they were. */
const printing =
  (id: number, lines: AuditPrinted['lines']): Break =>
  (input) => ({
    ...input,
    receipts: input.receipts.map((row) =>
      row.id === id && row.printed ? { ...row, printed: { ...row.printed, lines } } : row,
    ),
  });
/** The provider's net for a sale, or money it holds under keys of no sale. */
const atProvider =
  (changes: {
    net?: [saleId: number, netMinor: number];
    unattributed?: AuditInput['provider']['unattributed'];
  }): Break =>
  (input) => ({
    ...input,
    provider: {
      netBySale: new Map([...input.provider.netBySale, ...(changes.net ? [changes.net] : [])]),
      unattributed: changes.unattributed ?? input.provider.unattributed,
    },
  });
/** Several changes, one after the other. */
const all =
  (...changes: Break[]): Break =>
  (input) =>
    changes.reduce((books, change) => change(books), input);

/** Each breakage: what it is, how the books are broken, the rule expected to be reported and its sale. */
type Breakage = { what: string; break: Break; rule: Rule; saleId: number | null };

const BREAKAGES: Breakage[] = [
  // Every customer session is one sale.
  {
    what: 'a closed customer session without a sale',
    break: dropping('sales', (row) => row.id === 2),
    rule: 'session',
    saleId: null,
  },
  {
    what: 'a sale of a door session no fridge lived',
    break: copying('sales', 4, { id: 5, doorSessionId: 'ghost' }),
    rule: 'session',
    saleId: 5,
  },
  // Each physical item is charged at most once.
  {
    what: 'a second paid line with the same tag (the RFID item counted again by the scales)',
    break: copying('lines', 1, { id: 7 }),
    rule: 'itemOnce',
    saleId: 1,
  },
  { what: 'the same tag on two sales', break: changing('lines', 3, { tagCode: 'T1' }), rule: 'itemOnce', saleId: 2 },
  {
    what: 'a tag charged that stayed on the shelf',
    break: changing('lines', 4, { tagCode: 'T9' }),
    rule: 'itemOnce',
    saleId: 3,
  },
  {
    what: 'a weight line for the tagged item too (more lines than items taken)',
    break: copying('lines', 1, { id: 7, tagCode: null }),
    rule: 'itemOnce',
    saleId: 1,
  },
  // amount = lines − discount − bonuses.
  { what: 'an amount doubled', break: changing('sales', 1, { amountMinor: 2_500 }), rule: 'amount', saleId: 1 },
  {
    what: 'a discount the lines do not give',
    break: changing('sales', 2, { discountMinor: 0 }),
    rule: 'amount',
    saleId: 2,
  },
  {
    what: 'bonuses not taken off the amount',
    break: changing('sales', 1, { amountMinor: 1_350, paidMinor: 1_350 }),
    rule: 'amount',
    saleId: 1,
  },
  // paid − refunded = the provider's net.
  {
    what: 'a refund booked that the provider never made',
    break: atProvider({ net: [1, 1_250] }),
    rule: 'money',
    saleId: 1,
  },
  {
    what: 'a sale charged twice at the provider and in the ledger',
    break: all(
      changing('sales', 3, { paidMinor: 1_400 }),
      adding('payments', { id: 9, saleId: 3, operation: 'charge', status: 1, amountMinor: 700, createdAt: later(62) }),
      atProvider({ net: [3, 1_400] }),
    ),
    rule: 'money',
    saleId: 3,
  },
  // One opening, one hold.
  {
    what: 'a second hold for one opening (the app’s opening held, then the sale’s hold step again)',
    break: all(
      adding('payments', { id: 9, saleId: 4, operation: 'hold', status: 1, amountMinor: 20_000, createdAt: later(1) }),
      adding('payments', {
        id: 10,
        saleId: 4,
        operation: 'release',
        status: 1,
        amountMinor: 20_000,
        createdAt: later(31),
      }),
    ),
    rule: 'hold',
    saleId: 4,
  },
  {
    what: 'paid on the sale but not in the ledger',
    break: dropping('payments', (payment) => payment.id === 3),
    rule: 'money',
    saleId: 3,
  },
  {
    what: 'refunded beyond what was taken',
    break: all(
      changing('sales', 1, { refundedMinor: 1_550 }),
      adding('payments', {
        id: 9,
        saleId: 1,
        operation: 'refund',
        status: 1,
        amountMinor: 1_250,
        createdAt: later(700),
      }),
      adding('receipts', receipt({ id: 9, saleId: 1, kind: 'return', refundPaymentId: 9, amountMinor: 1_250 })),
      atProvider({ net: [1, -300] }),
    ),
    rule: 'money',
    saleId: 1,
  },
  {
    what: 'a guest’s sale not paid although its money was taken',
    break: all(
      changing('sales', 2, { paidMinor: 900 }),
      adding('payments', { id: 9, saleId: 2, operation: 'charge', status: 1, amountMinor: 900, createdAt: AT }),
      atProvider({ net: [2, 900] }),
    ),
    rule: 'money',
    saleId: 2,
  },
  {
    what: 'money at the provider no sale owns',
    break: atProvider({ unattributed: [{ key: 'pi_test_9', netMinor: 500 }] }),
    rule: 'money',
    saleId: null,
  },
  // One fiscal receipt per paid sale, one return receipt per refund.
  {
    what: 'a paid sale without its receipt (paid later, nobody told the fiscal module)',
    break: dropping('receipts', (receipt) => receipt.saleId === 3),
    rule: 'fiscal',
    saleId: 3,
  },
  {
    what: 'a duplicate fiscal receipt',
    break: adding('receipts', receipt({ id: 9, saleId: 1, kind: 'sale', amountMinor: 1_250 })),
    rule: 'fiscal',
    saleId: 1,
  },
  { what: 'a receipt still pending', break: changing('receipts', 3, { status: 'pending' }), rule: 'fiscal', saleId: 3 },
  {
    what: 'a receipt of a sale not paid',
    break: adding('receipts', receipt({ id: 9, saleId: 2, kind: 'sale', amountMinor: 900 })),
    rule: 'fiscal',
    saleId: 2,
  },
  {
    what: 'a refund without its return receipt',
    break: dropping('receipts', (receipt) => receipt.kind === 'return'),
    rule: 'fiscal',
    saleId: 1,
  },
  {
    what: 'a return receipt of no refund',
    break: adding('receipts', receipt({ id: 9, saleId: 3, kind: 'return', refundPaymentId: 3, amountMinor: 700 })),
    rule: 'fiscal',
    saleId: 3,
  },
  // A reversed refund's registered return is undone by one correction; the register's net is the money kept.
  {
    what: 'the return of a reversed refund without its correction',
    break: dropping('receipts', (receipt) => receipt.kind === 'correction'),
    rule: 'fiscal',
    saleId: 3,
  },
  {
    what: 'a reversed refund corrected twice',
    break: adding('receipts', receipt({ id: 9, saleId: 3, kind: 'correction', refundPaymentId: 20, amountMinor: 200 })),
    rule: 'fiscal',
    saleId: 3,
  },
  {
    what: 'a correction of a refund the bank did not reverse',
    break: adding('receipts', receipt({ id: 9, saleId: 1, kind: 'correction', refundPaymentId: 2, amountMinor: 300 })),
    rule: 'fiscal',
    saleId: 1,
  },
  {
    what: 'a correction still pending',
    break: changing('receipts', 8, { status: 'pending' }),
    rule: 'fiscal',
    saleId: 3,
  },
  {
    what: 'a correction selling back more than its return gave (the register’s net is not the money kept)',
    break: changing('receipts', 8, { amountMinor: 250 }),
    rule: 'fiscal',
    saleId: 3,
  },
  // Refunded units never pass what was sold; failed refunds give theirs back; a return of products prints them.
  {
    what: 'a line refunded past the units it sold',
    break: all(
      changing('lines', 6, { refundedQuantity: 2 }),
      adding('refundLines', { paymentId: 18, lineId: 6, quantity: 1 }),
    ),
    rule: 'units',
    saleId: 5,
  },
  {
    what: 'the units of a failed refund not given back',
    break: changing('lines', 5, { refundedQuantity: 4 }),
    rule: 'units',
    saleId: 5,
  },
  {
    what: 'units held that no refund gives back (a refund refused half-written)',
    break: changing('lines', 4, { refundedQuantity: 1 }),
    rule: 'units',
    saleId: 3,
  },
  {
    what: 'a refund giving back a line of another sale',
    break: adding('refundLines', { paymentId: 2, lineId: 5, quantity: 1 }),
    rule: 'units',
    saleId: 1,
  },
  {
    what: 'a return of products printing other goods than it gives back',
    break: printing(6, [{ code: '13', quantity: 2, sumMinor: 600 }]),
    rule: 'units',
    saleId: 5,
  },
  {
    what: 'a return of products summing to more than its refund (the share left off)',
    break: printing(6, [
      { code: '13', quantity: 1, sumMinor: 200 },
      { code: '14', quantity: 1, sumMinor: 500 },
    ]),
    rule: 'units',
    saleId: 5,
  },
  {
    what: 'a return of products registered as one line naming the sale',
    break: printing(5, [{ code: 'refund-5', quantity: 1, sumMinor: 400 }]),
    rule: 'units',
    saleId: 5,
  },
  {
    what: 'a return of products whose goods are not known',
    break: changing('receipts', 5, { printed: null }),
    rule: 'units',
    saleId: 5,
  },
  // Promotions accrued at most once; bonuses used as withdrawn.
  {
    what: 'a promotion accrued twice on one sale',
    break: adding('bonuses', {
      saleId: 1,
      operation: 1,
      reason: 'promotion',
      idempotencyKey: 'promo:7:user:5:2026-03-18',
      amountMinor: 115,
    }),
    rule: 'promotions',
    saleId: 1,
  },
  {
    what: 'a promotion accrued on a sale not paid',
    break: adding('bonuses', {
      saleId: 2,
      operation: 1,
      reason: 'promotion',
      idempotencyKey: 'promo:7:user:0:once',
      amountMinor: 90,
    }),
    rule: 'promotions',
    saleId: 2,
  },
  {
    what: 'bonuses used that were never withdrawn',
    break: dropping('bonuses', (bonus) => bonus.operation === 2),
    rule: 'promotions',
    saleId: 1,
  },
  // Nothing left in processing.
  {
    what: 'a sale left processing at the provider',
    break: changing('sales', 3, { status: 4 }),
    rule: 'processing',
    saleId: 3,
  },
  {
    what: 'a sale left new after its door closed',
    break: changing('sales', 4, { status: 0, paymentStatus: 0 }),
    rule: 'processing',
    saleId: 4,
  },
  {
    what: 'a sale left in manual processing',
    break: changing('sales', 2, { status: 2, paymentStatus: 0 }),
    rule: 'processing',
    saleId: 2,
  },
  {
    what: 'a payment left in process',
    break: changing('payments', 5, { status: 10 }),
    rule: 'processing',
    saleId: 4,
  },
  // Disagreeing sensors go to manual processing, never to a guessed charge.
  {
    what: 'a faulted session whose sensors were taken to agree',
    break: changing('sales', 3, { sensorCheck: { disagreements: [], resolved_at: null } }),
    rule: 'dispute',
    saleId: 3,
  },
  {
    what: 'a dispute nobody resolved',
    break: changing('sales', 3, { sensorCheck: { disagreements: [{}], resolved_at: null } }),
    rule: 'dispute',
    saleId: 3,
  },
  {
    what: 'a guessed charge before the operator counted',
    break: changing('payments', 3, { createdAt: AT }),
    rule: 'dispute',
    saleId: 3,
  },
];

describe('the money audit', () => {
  it('finds nothing wrong in a world whose money is right', () => {
    expect(firstViolation(world())).toBeNull();
    expect(() => auditMoney(world())).not.toThrow();
  });

  it.each(BREAKAGES)('fails on $what: $rule', ({ rule, saleId, break: broken }) => {
    const input = broken(world());
    expect(firstViolation(input)).toMatchObject({ rule, saleId });
    // The rule's own check finds it, whatever the others say.
    expect(CHECKS.some((check) => check(input)?.rule === rule)).toBe(true);
    expect(() => auditMoney(input)).toThrow(MoneyViolation);
  });

  it('names the sale and the rule when it fails', () => {
    const input = changing('sales', 1, { amountMinor: 2_500 })(world());
    expect(() => auditMoney(input)).toThrow('money invariant broken: amount = lines − discount − bonuses — sale #1');
  });

  it('every rule has a breakage it fails on', () => {
    expect(new Set(BREAKAGES.map((breakage) => breakage.rule))).toEqual(
      new Set<Rule>([
        'session',
        'itemOnce',
        'amount',
        'money',
        'hold',
        'fiscal',
        'units',
        'promotions',
        'processing',
        'dispute',
      ]),
    );
  });
});

describe("the provider's books", () => {
  it('nets what each sale’s payments received less their refunds, and names money under keys of no sale', () => {
    type Outcome = { fingerprint: string; ok: boolean; value?: unknown };
    const answered = (operation: string, reference: string): Outcome => ({
      fingerprint: JSON.stringify({ operation }),
      ok: true,
      value: { reference },
    });
    const books = providerBooks({
      outcomes: new Map<string, Outcome>([
        ['sale:1:hold', answered('hold', 'pi_1')],
        ['sale:1:capture', answered('capture', 'pi_1')],
        ['sale:1:charge:900', answered('charge', 'pi_2')],
        ['txn:1:refund:abc', answered('refund', 're_1')],
        ['sale:2:charge:0', { fingerprint: JSON.stringify({ operation: 'charge' }), ok: false }],
        ['sub:9:charge', answered('charge', 'pi_3')],
      ]),
      payments: new Map([
        ['pi_1', { id: 'pi_1', amount_received: 900 }],
        ['pi_2', { id: 'pi_2', amount_received: 400 }],
        ['pi_3', { id: 'pi_3', amount_received: 1_000 }],
        ['pi_4', { id: 'pi_4', amount_received: 0 }],
      ]),
      refunds: new Map([['re_1', { id: 're_1', amount: 250, payment_intent: 'pi_2', status: 'succeeded' }]]),
    });
    expect(books.netBySale).toEqual(new Map([[1, 1_050]]));
    expect(books.unattributed).toEqual([{ key: 'sub:9:charge', netMinor: 1_000 }]);
  });
});
