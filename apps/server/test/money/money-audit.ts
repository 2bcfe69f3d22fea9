/**
 * The money invariants as pure functions: plain rows in (the sales, their lines,
 * the payment ledger, fiscal receipts, bonus operations, the provider's own books and what the
 * simulator knows was physically taken), the first violation out, naming the sale and the rule.
 * No database and no clock, so money-audit.test.ts feeds each rule a broken world and expects it
 * to say so; money-invariants.test.ts reads the real rows after a run of the whole path.
 */

import { PAYMENT_STATUS as LEDGER, SALE_PAYMENT as PAYMENT, SALE_STATUS as SALE } from '@vitrina/contract';

/** §4 bonus operations (the sales module's bonus ledger names them too). */
const BONUS_TOP_UP = 1;
const BONUS_WITHDRAW = 2;

export type AuditSale = {
  id: number;
  status: number;
  paymentStatus: number;
  isTest: boolean;
  customerId: number | null;
  doorSessionId: string | null;
  closedAt: Date | null;
  grossMinor: number;
  discountMinor: number;
  bonusesUsedMinor: number;
  amountMinor: number;
  paidMinor: number;
  refundedMinor: number;
  sensorCheck: { disagreements: readonly unknown[]; resolved_at: string | null } | null;
  /** The micromarket registers fiscal receipts. */
  registersFiscal: boolean;
};

export type AuditLine = {
  id: number;
  saleId: number;
  /** The code a register knows its product by (its article, else its id). */
  code: string;
  productId: number | null;
  tagCode: string | null;
  quantity: number;
  listPriceMinor: number;
  priceMinor: number;
  /** Units given back or being given back by refunds by products. */
  refundedQuantity: number;
};

/** The units of a sale's line a refund's ledger row gives back (`refund_lines`). */
export type AuditRefundLine = { paymentId: number; lineId: number; quantity: number };

/** A receipt as the register printed it: its goods, each line's sum, and the discount of the whole receipt. */
export type AuditPrinted = {
  totalMinor: number;
  discountMinor: number;
  lines: readonly { code: string; quantity: number; sumMinor: number }[];
};

/** A row of the payment ledger (`payment_transactions`) of a sale. */
export type AuditPayment = {
  id: number;
  saleId: number;
  operation: string;
  status: number;
  amountMinor: number;
  createdAt: Date;
};

export type AuditReceipt = {
  id: number;
  saleId: number;
  /** correction: a sale receipt undoing the return of a refund the bank reversed. */
  kind: 'sale' | 'return' | 'correction';
  refundPaymentId: number | null;
  amountMinor: number | null;
  status: string;
  /** What the register printed; null when it keeps no goods to read. */
  printed: AuditPrinted | null;
};

export type AuditBonus = {
  saleId: number;
  operation: number;
  reason: string;
  idempotencyKey: string;
  amountMinor: number;
};

/** A customer's door session as the simulator lived it: what physically left, and the faults that struck it. */
export type PhysicalSession = {
  id: string;
  items: readonly { tag: string | null; productId: number | null }[];
  faults: readonly string[];
  /** The cabinet's sensors must disagree on this session (its payment mode and the faults that struck). */
  expectDispute: boolean;
};

/** What the payment provider's own books say each sale was charged, less refunds. */
export type ProviderBooks = {
  netBySale: ReadonlyMap<number, number>;
  /** Money the provider took (or gave back) under keys no sale owns. */
  unattributed: readonly { key: string; netMinor: number }[];
};

export type AuditInput = {
  sales: readonly AuditSale[];
  lines: readonly AuditLine[];
  payments: readonly AuditPayment[];
  refundLines: readonly AuditRefundLine[];
  receipts: readonly AuditReceipt[];
  bonuses: readonly AuditBonus[];
  sessions: readonly PhysicalSession[];
  provider: ProviderBooks;
};

export const RULES = {
  session: 'every customer session is one sale',
  itemOnce: 'each physical item is charged at most once',
  amount: 'amount = lines − discount − bonuses',
  money: 'paid − refunded = the provider’s net, and a sale takes its amount once',
  hold: 'one opening, one hold: a sale authorises its customer’s card at most once',
  fiscal:
    'one fiscal receipt per paid sale, one return receipt per refund, one correction per reversed refund’s return, and the fiscal net (sales − returns + corrections) is the money kept',
  units:
    'refunded units never pass what was sold, failed refunds give theirs back, and a return of products prints exactly them',
  promotions: 'promotions accrued at most once, bonuses used as withdrawn',
  processing: 'nothing left in processing',
  dispute: 'disagreeing sensors go to manual processing, never to a guessed charge',
} as const;
export type Rule = keyof typeof RULES;

export type Violation = { rule: Rule; saleId: number | null; detail: string };

export class MoneyViolation extends Error {
  constructor(readonly violation: Violation) {
    super(
      `money invariant broken: ${RULES[violation.rule]} — ${
        violation.saleId === null ? 'no sale' : `sale #${violation.saleId}`
      }: ${violation.detail}`,
    );
  }
}

type Indexed = AuditInput & {
  linesOf: (saleId: number) => readonly AuditLine[];
  paymentsOf: (saleId: number) => readonly AuditPayment[];
  unitsOf: (paymentId: number) => readonly AuditRefundLine[];
  receiptsOf: (saleId: number) => readonly AuditReceipt[];
  bonusesOf: (saleId: number) => readonly AuditBonus[];
  sessionById: ReadonlyMap<string, PhysicalSession>;
  saleBySession: ReadonlyMap<string, AuditSale>;
};

function groupBy<T>(rows: readonly T[], key: (row: T) => number): (id: number) => readonly T[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return (id) => groups.get(id) ?? [];
}

function index(input: AuditInput): Indexed {
  return {
    ...input,
    linesOf: groupBy(input.lines, (line) => line.saleId),
    paymentsOf: groupBy(input.payments, (payment) => payment.saleId),
    unitsOf: groupBy(input.refundLines, (units) => units.paymentId),
    receiptsOf: groupBy(input.receipts, (receipt) => receipt.saleId),
    bonusesOf: groupBy(input.bonuses, (bonus) => bonus.saleId),
    sessionById: new Map(input.sessions.map((session) => [session.id, session])),
    saleBySession: new Map(input.sales.flatMap((sale) => (sale.doorSessionId ? [[sale.doorSessionId, sale]] : []))),
  };
}

const violation = (rule: Rule, saleId: number | null, detail: string): Violation => ({ rule, saleId, detail });
const sum = <T>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
const isTaken = (payment: AuditPayment) =>
  (payment.operation === 'capture' || payment.operation === 'charge') && payment.status === LEDGER.success;
const isRefund = (payment: AuditPayment) => payment.operation === 'refund' && payment.status === LEDGER.success;

/** Every session the simulator closed for a customer is exactly one sale, and every sale of a door session is one of them. */
export function checkSessions(input: AuditInput): Violation | null {
  const x = index(input);
  for (const session of x.sessions) {
    if (!x.saleBySession.has(session.id)) return violation('session', null, `session ${session.id} has no sale`);
  }
  for (const sale of x.sales) {
    if (sale.doorSessionId && !x.sessionById.has(sale.doorSessionId)) {
      return violation('session', sale.id, `its door session ${sale.doorSessionId} is none the fridges lived`);
    }
  }
  return null;
}

/**
 * No tag code is on two lines (of one sale or of two), a tagged line is one item whose tag
 * physically left in that sale's session, and no product is charged more times than it left.
 */
export function checkItemsChargedOnce(input: AuditInput): Violation | null {
  const x = index(input);
  const tagOwner = new Map<string, number>();
  for (const sale of x.sales) {
    const lines = x.linesOf(sale.id);
    for (const line of lines) {
      if (line.tagCode === null) continue;
      const owner = tagOwner.get(line.tagCode);
      if (owner !== undefined) {
        return violation('itemOnce', sale.id, `tag ${line.tagCode} is charged on sale #${owner} too`);
      }
      tagOwner.set(line.tagCode, sale.id);
      if (line.quantity !== 1) {
        return violation('itemOnce', sale.id, `tag ${line.tagCode} is a line of ${line.quantity} items`);
      }
    }
    const session = sale.doorSessionId ? x.sessionById.get(sale.doorSessionId) : undefined;
    if (!session) continue;
    const leftTags = new Set(session.items.flatMap((item) => (item.tag === null ? [] : [item.tag])));
    for (const line of lines) {
      if (line.tagCode !== null && !leftTags.has(line.tagCode)) {
        return violation('itemOnce', sale.id, `tag ${line.tagCode} did not leave the cabinet in this session`);
      }
    }
    const charged = new Map<number | null, number>();
    for (const line of lines) charged.set(line.productId, (charged.get(line.productId) ?? 0) + line.quantity);
    for (const [productId, quantity] of charged) {
      const left = session.items.filter((item) => item.productId === productId).length;
      if (quantity > left) {
        return violation('itemOnce', sale.id, `product ${productId}: ${quantity} charged, ${left} taken`);
      }
    }
  }
  return null;
}

/** gross = Σ list price × quantity, discount = gross − Σ price × quantity, amount = gross − discount − bonuses used. */
export function checkAmounts(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    if (sale.isTest) continue;
    const lines = x.linesOf(sale.id);
    const gross = sum(lines, (line) => line.listPriceMinor * line.quantity);
    const net = sum(lines, (line) => line.priceMinor * line.quantity);
    if (sale.grossMinor !== gross) return violation('amount', sale.id, `gross ${sale.grossMinor}, lines ${gross}`);
    if (sale.discountMinor !== gross - net) {
      return violation('amount', sale.id, `discount ${sale.discountMinor}, lines ${gross - net}`);
    }
    if (sale.amountMinor !== net - sale.bonusesUsedMinor) {
      return violation(
        'amount',
        sale.id,
        `amount ${sale.amountMinor}, lines ${net} − bonuses ${sale.bonusesUsedMinor} = ${net - sale.bonusesUsedMinor}`,
      );
    }
  }
  return null;
}

/**
 * The sale's paid and refunded are the ledger's successful captures and charges and its
 * successful refunds; paid − refunded is what the provider's own books say it kept; a paid
 * sale took exactly its amount, one not paid less, one with nothing taken nothing; nothing is
 * given back beyond what was taken; and the provider holds no money that no sale owns.
 */
export function checkMoney(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    const payments = x.paymentsOf(sale.id);
    const taken = sum(payments.filter(isTaken), (payment) => payment.amountMinor);
    const refunded = sum(payments.filter(isRefund), (payment) => payment.amountMinor);
    if (sale.paidMinor !== taken) return violation('money', sale.id, `paid ${sale.paidMinor}, ledger took ${taken}`);
    if (sale.refundedMinor !== refunded) {
      return violation('money', sale.id, `refunded ${sale.refundedMinor}, ledger refunded ${refunded}`);
    }
    if (refunded > taken) return violation('money', sale.id, `refunded ${refunded} of ${taken} taken`);
    const providerNet = x.provider.netBySale.get(sale.id) ?? 0;
    if (taken - refunded !== providerNet) {
      return violation('money', sale.id, `paid − refunded = ${taken - refunded}, the provider's net ${providerNet}`);
    }
    if (sale.paymentStatus === PAYMENT.paid && taken !== sale.amountMinor) {
      return violation('money', sale.id, `paid sale took ${taken} of its amount ${sale.amountMinor}`);
    }
    if (sale.paymentStatus === PAYMENT.notPaid && taken >= sale.amountMinor) {
      return violation('money', sale.id, `not paid, yet ${taken} of ${sale.amountMinor} was taken`);
    }
    if (sale.paymentStatus === PAYMENT.nothingTaken && taken !== 0) {
      return violation('money', sale.id, `nothing taken, yet ${taken} was charged`);
    }
  }
  const [stray] = x.provider.unattributed;
  if (stray) return violation('money', null, `the provider moved ${stray.netMinor} under ${stray.key}, of no sale`);
  return null;
}

/**
 * One opening is one hold: a sale has at most one hold the provider granted or is deciding
 * (a web purchase's or the app's opening took it, or the door-open hold step did); a declined
 * one authorised nothing.
 */
export function checkOneHold(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    const holds = x
      .paymentsOf(sale.id)
      .filter((payment) => payment.operation === 'hold' && payment.status !== LEDGER.error);
    if (holds.length > 1) {
      return violation('hold', sale.id, `${holds.length} holds (${holds.map((hold) => `#${hold.id}`).join(', ')})`);
    }
  }
  return null;
}

/**
 * In a micromarket that registers fiscal receipts: a paid sale with an amount has exactly one
 * sale receipt, registered, for its amount (one paid wholly by bonuses at most one); a sale
 * not paid has none; every successful refund
 * has exactly one registered return receipt for its amount, and no return receipt names
 * anything else. A micromarket that does not register has no receipts.
 */
export function checkFiscalReceipts(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    const receipts = x.receiptsOf(sale.id);
    if (!sale.registersFiscal) {
      if (receipts.length > 0) return violation('fiscal', sale.id, 'receipts of a micromarket that does not register');
      continue;
    }
    const saleReceipts = receipts.filter((receipt) => receipt.kind === 'sale');
    const isPaid = sale.paymentStatus === PAYMENT.paid;
    // A sale paid wholly by bonuses (amount 0) may have its receipt or not, never two.
    if (isPaid && (saleReceipts.length > 1 || (sale.amountMinor > 0 && saleReceipts.length === 0))) {
      return violation('fiscal', sale.id, `paid ${sale.amountMinor}, with ${saleReceipts.length} sale receipts`);
    }
    if (!isPaid && saleReceipts.length > 0) {
      return violation('fiscal', sale.id, `a sale receipt for a sale not paid (payment status ${sale.paymentStatus})`);
    }
    const [receipt] = saleReceipts;
    if (receipt && receipt.status !== 'ready') {
      return violation('fiscal', sale.id, `sale receipt #${receipt.id} is ${receipt.status}`);
    }
    if (receipt && receipt.amountMinor !== null && receipt.amountMinor !== sale.amountMinor) {
      return violation('fiscal', sale.id, `sale receipt for ${receipt.amountMinor}, the sale is ${sale.amountMinor}`);
    }
    const returns = receipts.filter((r) => r.kind === 'return');
    const refunds = x.paymentsOf(sale.id).filter(isRefund);
    for (const refund of refunds) {
      const of = returns.filter((r) => r.refundPaymentId === refund.id);
      if (of.length !== 1) {
        return violation(
          'fiscal',
          sale.id,
          `refund #${refund.id} (${refund.amountMinor}) has ${of.length} return receipts`,
        );
      }
      if (of[0]!.status !== 'ready') {
        return violation('fiscal', sale.id, `return receipt of refund #${refund.id} is ${of[0]!.status}`);
      }
      if (of[0]!.amountMinor !== null && of[0]!.amountMinor !== refund.amountMinor) {
        return violation(
          'fiscal',
          sale.id,
          `return receipt for ${of[0]!.amountMinor}, refund #${refund.id} is ${refund.amountMinor}`,
        );
      }
    }
    // A refund the bank reversed after its return was registered: that return stands, undone by one correction.
    const reversed = new Set(
      x
        .paymentsOf(sale.id)
        .filter((payment) => payment.operation === 'refund' && payment.status === LEDGER.error)
        .map((payment) => payment.id),
    );
    const corrections = receipts.filter((r) => r.kind === 'correction');
    const refundIds = new Set(refunds.map((refund) => refund.id));
    const stray = returns.find(
      (r) => r.refundPaymentId === null || !(refundIds.has(r.refundPaymentId) || reversed.has(r.refundPaymentId)),
    );
    if (stray) {
      return violation(
        'fiscal',
        sale.id,
        `return receipt #${stray.id} names no successful refund (${stray.refundPaymentId})`,
      );
    }
    for (const returned of returns.filter((r) => reversed.has(r.refundPaymentId!))) {
      const of = corrections.filter((r) => r.refundPaymentId === returned.refundPaymentId);
      if (of.length !== 1 || of[0]!.status !== 'ready' || returned.status !== 'ready') {
        return violation(
          'fiscal',
          sale.id,
          `the return of reversed refund #${returned.refundPaymentId} (${returned.status}) has ${of.length} corrections${
            of[0] ? ` (${of[0].status})` : ''
          }`,
        );
      }
      if (of[0]!.amountMinor !== returned.amountMinor) {
        return violation(
          'fiscal',
          sale.id,
          `correction for ${of[0]!.amountMinor}, the return of refund #${returned.refundPaymentId} is ${returned.amountMinor}`,
        );
      }
    }
    const uncalled = corrections.find(
      (r) =>
        !returns.some((returned) => returned.refundPaymentId === r.refundPaymentId && reversed.has(r.refundPaymentId!)),
    );
    if (uncalled) {
      return violation('fiscal', sale.id, `correction #${uncalled.id} undoes no return of a reversed refund`);
    }
    // What the register says the customer paid for, less what went back, is what the sale kept.
    if (receipt) {
      const amountOf = (rows: readonly AuditReceipt[]) => sum(rows, (r) => r.amountMinor ?? 0);
      const fiscalNet = (receipt.amountMinor ?? sale.amountMinor) - amountOf(returns) + amountOf(corrections);
      const taken = sum(x.paymentsOf(sale.id).filter(isTaken), (payment) => payment.amountMinor);
      const kept = taken - sum(refunds, (refund) => refund.amountMinor);
      if (fiscalNet !== kept) {
        return violation(
          'fiscal',
          sale.id,
          `fiscal net (sales − returns + corrections) ${fiscalNet}, money kept ${kept}`,
        );
      }
    }
  }
  return null;
}

/**
 * Refunds by products: no line gives back more units than it sold; a line holds exactly the
 * units of its refund rows that did not fail (a failed row gave its units back), and those rows
 * are refunds of the line's own sale; a successful refund by products has its return receipt
 * print exactly its units, code by code, for exactly its amount; money beyond their price (a
 * part of a refund split over two payments) goes back as the sale's goods by amount, beside them.
 */
export function checkRefundedUnits(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    const lines = x.linesOf(sale.id);
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const refunds = x.paymentsOf(sale.id).filter((payment) => payment.operation === 'refund');
    const held = new Map<number, number>();
    for (const refund of refunds) {
      for (const units of x.unitsOf(refund.id)) {
        if (!lineById.has(units.lineId)) {
          return violation('units', sale.id, `refund #${refund.id} gives back line #${units.lineId} of another sale`);
        }
        if (refund.status !== LEDGER.error) held.set(units.lineId, (held.get(units.lineId) ?? 0) + units.quantity);
      }
    }
    for (const line of lines) {
      if (line.refundedQuantity < 0 || line.refundedQuantity > line.quantity) {
        return violation('units', sale.id, `line #${line.id}: ${line.refundedQuantity} of ${line.quantity} refunded`);
      }
      const byRows = held.get(line.id) ?? 0;
      if (line.refundedQuantity !== byRows) {
        return violation(
          'units',
          sale.id,
          `line #${line.id} holds ${line.refundedQuantity} units, its refunds not failed ${byRows}`,
        );
      }
    }
    if (!sale.registersFiscal) continue;
    for (const refund of refunds.filter(isRefund)) {
      const units = x.unitsOf(refund.id);
      if (units.length === 0) continue;
      const receipt = x.receiptsOf(sale.id).find((r) => r.kind === 'return' && r.refundPaymentId === refund.id);
      if (!receipt) return violation('units', sale.id, `refund #${refund.id} of products has no return receipt`);
      const worth = sum(units, ({ lineId, quantity }) => lineById.get(lineId)!.priceMinor * quantity);
      const wrong = printedAgainst(receipt, refund, countByCode(units, lineById), refund.amountMinor > worth);
      if (wrong) return violation('units', sale.id, `the return receipt of refund #${refund.id} ${wrong}`);
    }
  }
  return null;
}

/** The units per product code. */
function countByCode(units: readonly AuditRefundLine[], lineById: ReadonlyMap<number, AuditLine>) {
  const count = new Map<string, number>();
  for (const { lineId, quantity } of units) {
    const code = lineById.get(lineId)!.code;
    count.set(code, (count.get(code) ?? 0) + quantity);
  }
  return count;
}

/**
 * What is wrong with a return receipt of products: goods other than its units (beside them, only
 * when it gives back more than their price: the sale's goods by amount), or a sum other than its amount.
 */
function printedAgainst(
  receipt: AuditReceipt,
  refund: AuditPayment,
  expected: ReadonlyMap<string, number>,
  isBeyondUnits: boolean,
): string | null {
  const { printed } = receipt;
  if (!printed) return 'its goods are unknown';
  const count = new Map<string, number>();
  for (const line of printed.lines) count.set(line.code, (count.get(line.code) ?? 0) + line.quantity);
  const describe = (units: ReadonlyMap<string, number>) =>
    [...units]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, quantity]) => `${quantity} × ${code}`)
      .join(', ');
  const isShort = [...expected].some(([code, quantity]) => (count.get(code) ?? 0) < quantity);
  if (isBeyondUnits ? isShort : describe(count) !== describe(expected)) {
    return `prints ${describe(count) || 'no goods'}, the refund gives back ${describe(expected)}`;
  }
  const sumMinor = sum(printed.lines, (line) => line.sumMinor) - printed.discountMinor;
  if (sumMinor !== refund.amountMinor || printed.totalMinor !== refund.amountMinor) {
    return `sums to ${sumMinor} (total ${printed.totalMinor}), the refund is ${refund.amountMinor}`;
  }
  return null;
}

/** `promo:<promotion>:…`: the promotion an accrual's key names (the key itself when it names none). */
const promotionOf = (key: string) => /^promo:(\d+):/.exec(key)?.[1] ?? key;

/**
 * Each promotion pays a sale at most once, and only a paid sale of a customer; the bonuses a
 * sale used were withdrawn once, exactly as many as the sale says.
 */
export function checkPromotions(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    const bonuses = x.bonusesOf(sale.id);
    const accruals = bonuses.filter((bonus) => bonus.operation === BONUS_TOP_UP && bonus.reason === 'promotion');
    const seen = new Set<string>();
    for (const accrual of accruals) {
      const promotion = promotionOf(accrual.idempotencyKey);
      if (seen.has(promotion)) return violation('promotions', sale.id, `promotion ${promotion} accrued twice`);
      seen.add(promotion);
    }
    if (accruals.length > 0 && (sale.paymentStatus !== PAYMENT.paid || sale.customerId === null)) {
      return violation(
        'promotions',
        sale.id,
        `accrued on a sale not paid by a customer (payment status ${sale.paymentStatus})`,
      );
    }
    const withdrawals = bonuses.filter((bonus) => bonus.operation === BONUS_WITHDRAW);
    if (withdrawals.length > 1)
      return violation('promotions', sale.id, `bonuses withdrawn ${withdrawals.length} times`);
    const withdrawn = sum(withdrawals, (bonus) => bonus.amountMinor);
    if (withdrawn !== sale.bonusesUsedMinor) {
      return violation('promotions', sale.id, `used ${sale.bonusesUsedMinor} bonuses, withdrew ${withdrawn}`);
    }
  }
  return null;
}

/**
 * After reconciliation and the operator's work: no sale new with its door closed, processing
 * or processing at the provider, none waiting in manual processing, none successful without a
 * payment outcome; no payment in process or suspended.
 */
export function checkNothingProcessing(input: AuditInput): Violation | null {
  const x = index(input);
  for (const sale of x.sales) {
    if (sale.status === SALE.new && sale.closedAt !== null) {
      return violation('processing', sale.id, 'new although its door session closed');
    }
    if (sale.status === SALE.processing || sale.status === SALE.atProvider) {
      return violation('processing', sale.id, `still processing (status ${sale.status})`);
    }
    if (sale.status === SALE.manualProcessing)
      return violation('processing', sale.id, 'still waiting in manual processing');
    if (sale.status === SALE.successful && sale.paymentStatus === PAYMENT.waitingForAmount) {
      return violation('processing', sale.id, 'successful, yet its payment status still waits for the amount');
    }
    const stuck = x
      .paymentsOf(sale.id)
      .find((payment) => payment.status === LEDGER.inProcess || payment.status === LEDGER.suspended);
    if (stuck) {
      return violation(
        'processing',
        sale.id,
        `${stuck.operation} #${stuck.id} left with ledger status ${stuck.status}`,
      );
    }
  }
  return null;
}

/**
 * A session whose sensors had to disagree is a sale with the disagreement as evidence, and any
 * sale with a disagreement waited for an operator: resolved by one, and no money taken for it
 * (capture or charge, successful or not) before the operator's count.
 */
export function checkDisputes(input: AuditInput): Violation | null {
  const x = index(input);
  for (const session of x.sessions) {
    if (!session.expectDispute) continue;
    const sale = x.saleBySession.get(session.id);
    if (!sale) continue;
    if (!sale.sensorCheck || sale.sensorCheck.disagreements.length === 0) {
      return violation(
        'dispute',
        sale.id,
        `faulted (${session.faults.join(', ')}) yet its sensors agreed (${sale.sensorCheck ? 'no disagreement' : 'no check'})`,
      );
    }
  }
  for (const sale of x.sales) {
    if (!sale.sensorCheck || sale.sensorCheck.disagreements.length === 0) continue;
    const resolvedAt = sale.sensorCheck.resolved_at;
    if (resolvedAt === null) return violation('dispute', sale.id, 'its sensors disagreed and no operator resolved it');
    const guessed = x
      .paymentsOf(sale.id)
      .find(
        (payment) =>
          (payment.operation === 'capture' || payment.operation === 'charge') &&
          payment.createdAt.getTime() < new Date(resolvedAt).getTime(),
      );
    if (guessed) {
      return violation(
        'dispute',
        sale.id,
        `${guessed.operation} #${guessed.id} of ${guessed.amountMinor} before the operator resolved the dispute`,
      );
    }
  }
  return null;
}

/** The rules, in the order the audit runs them. */
export const CHECKS: readonly ((input: AuditInput) => Violation | null)[] = [
  checkSessions,
  checkItemsChargedOnce,
  checkAmounts,
  checkMoney,
  checkOneHold,
  checkFiscalReceipts,
  checkRefundedUnits,
  checkPromotions,
  checkNothingProcessing,
  checkDisputes,
];

/** The first violation of any rule, or null when the money is right. */
export function firstViolation(input: AuditInput): Violation | null {
  for (const check of CHECKS) {
    const found = check(input);
    if (found) return found;
  }
  return null;
}

/** Throws the first violation, naming the sale and the rule. */
export function auditMoney(input: AuditInput): void {
  const found = firstViolation(input);
  if (found) throw new MoneyViolation(found);
}

/** What the audit looked at, in one line. */
export function auditSummary(input: AuditInput): string {
  const x = index(input);
  const count = <T>(rows: readonly T[], pick: (row: T) => boolean) => rows.filter(pick).length;
  const paid = count(x.sales, (sale) => sale.paymentStatus === PAYMENT.paid && sale.amountMinor > 0);
  const notPaid = count(x.sales, (sale) => sale.paymentStatus === PAYMENT.notPaid);
  const nothing = count(x.sales, (sale) => sale.paymentStatus === PAYMENT.nothingTaken);
  const faults = count(x.sessions, (session) => session.faults.length > 0);
  const disputes = count(x.sales, (sale) => (sale.sensorCheck?.disagreements.length ?? 0) > 0);
  const accruals = count(x.bonuses, (bonus) => bonus.operation === BONUS_TOP_UP && bonus.reason === 'promotion');
  const net = sum([...x.provider.netBySale.values()], (minor) => minor);
  return [
    `sessions ${x.sessions.length}`,
    `sales ${x.sales.length} (paid ${paid}, not paid ${notPaid}, nothing taken ${nothing})`,
    `ledger ${['hold', 'capture', 'release', 'charge', 'refund']
      .map(
        (operation) =>
          `${operation} ${count(x.payments, (p) => p.operation === operation && p.status === LEDGER.success)}`,
      )
      .join(', ')} (+${count(x.payments, (p) => p.status !== LEDGER.success)} refused)`,
    `faulted sessions ${faults}, disputes ${disputes} (${count(x.sessions, (session) => session.expectDispute)} required)`,
    `receipts ${count(x.receipts, (r) => r.kind === 'sale')} sale + ${count(x.receipts, (r) => r.kind === 'return')} return + ${count(x.receipts, (r) => r.kind === 'correction')} correction`,
    `promotion accruals ${accruals}, sales paid partly by bonuses ${count(x.sales, (sale) => sale.bonusesUsedMinor > 0)}`,
    `provider net ${net}`,
  ].join('; ');
}

/**
 * The provider's books per sale, from its record of every idempotency key it answered: the
 * server's keys name the sale (`sale:<id>:…` for the settlement, `txn:<id>:…` for the panel's
 * refunds and charges). A payment's net is what it received, less the refunds of it.
 */
export function providerBooks(bank: {
  outcomes: ReadonlyMap<string, { fingerprint: string; ok: boolean; value?: unknown }>;
  payments: ReadonlyMap<string, { id: string; amount_received: number }>;
  refunds: ReadonlyMap<string, { id: string; amount: number; payment_intent: string; status: string }>;
}): ProviderBooks {
  const ownerOfPayment = new Map<string, string>();
  const ownerOfRefund = new Map<string, string>();
  for (const [key, outcome] of bank.outcomes) {
    if (!outcome.ok) continue;
    const value = outcome.value as { reference?: string } | undefined;
    if (!value?.reference) continue;
    const { operation } = JSON.parse(outcome.fingerprint) as { operation: string };
    const owners = operation === 'refund' ? ownerOfRefund : ownerOfPayment;
    if (!owners.has(value.reference)) owners.set(value.reference, key);
  }
  const saleOf = (key: string | undefined) => {
    const id = key ? /^(?:sale|txn):(\d+):/.exec(key)?.[1] : undefined;
    return id === undefined ? null : Number(id);
  };
  const netBySale = new Map<number, number>();
  const unattributed: { key: string; netMinor: number }[] = [];
  const book = (key: string | undefined, fallback: string, minor: number) => {
    if (minor === 0) return;
    const saleId = saleOf(key);
    if (saleId === null) unattributed.push({ key: key ?? fallback, netMinor: minor });
    else netBySale.set(saleId, (netBySale.get(saleId) ?? 0) + minor);
  };
  for (const payment of bank.payments.values())
    book(ownerOfPayment.get(payment.id), payment.id, payment.amount_received);
  for (const refund of bank.refunds.values()) {
    if (refund.status !== 'succeeded') continue;
    // A refund belongs to the sale of its payment, whoever's key asked for it.
    book(ownerOfPayment.get(refund.payment_intent) ?? ownerOfRefund.get(refund.id), refund.id, -refund.amount);
  }
  return { netBySale, unattributed };
}
