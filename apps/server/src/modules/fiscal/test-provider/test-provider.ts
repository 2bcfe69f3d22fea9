import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { fiscalTestReceipts, fiscalTestShifts } from '../../../db/schema/index.js';
import type { Clock } from '../../../lib/clock.js';
import {
  type FiscalProvider,
  FiscalProviderError,
  type FiscalReceiptAnswer,
  type FiscalReceiptRequest,
  type FiscalShiftState,
} from '../provider.js';

/** Where the test provider says its documents can be checked: a reserved name that never resolves. */
export const TEST_FISCAL_CHECK_URL = 'https://fiscal-test.invalid/check';

type Options = { db: Db; clock: Clock; orgId: number; delaySeconds: number };

/**
 * The built-in fiscal provider (DESIGN §8: works offline, for the demo and tests): one
 * register per organisation whose shift and receipts are rows of their own, so they survive
 * a restart, each receipt with its goods as printed. A receipt on a closed shift is refused;
 * a registered one is ready `delaySeconds` later by the injected clock.
 */
export class TestFiscalProvider implements FiscalProvider {
  readonly kind = 'test' as const;

  constructor(private readonly options: Options) {}

  /** Works offline: nothing to sign in to. */
  testConnection(): Promise<FiscalShiftState> {
    return this.shiftStatus();
  }

  /** The test register's shift is opened by the operator (§8's "closed fiscal shift" shows in the demo). */
  ensureShift(): Promise<FiscalShiftState> {
    return this.shiftStatus();
  }

  async shiftStatus(): Promise<FiscalShiftState> {
    const [row] = await this.options.db
      .select()
      .from(fiscalTestShifts)
      .where(eq(fiscalTestShifts.orgId, this.options.orgId));
    return row ? stateOf(row) : { isOpen: false, number: null, openedAt: null, closedAt: null };
  }

  /** Opening an open shift answers it as it is. */
  async openShift(): Promise<FiscalShiftState> {
    const now = this.options.clock.now();
    const [row] = await this.options.db
      .insert(fiscalTestShifts)
      .values({ orgId: this.options.orgId, number: 1, isOpen: true, openedAt: now })
      .onConflictDoUpdate({
        target: fiscalTestShifts.orgId,
        set: {
          number: sql`CASE WHEN ${fiscalTestShifts.isOpen} THEN ${fiscalTestShifts.number} ELSE ${fiscalTestShifts.number} + 1 END`,
          openedAt: sql`CASE WHEN ${fiscalTestShifts.isOpen} THEN ${fiscalTestShifts.openedAt} ELSE ${now.toISOString()}::timestamptz END`,
          isOpen: true,
        },
      })
      .returning();
    return stateOf(row!);
  }

  async closeShift(): Promise<FiscalShiftState> {
    const [row] = await this.options.db
      .update(fiscalTestShifts)
      .set({ isOpen: false, closedAt: this.options.clock.now() })
      .where(and(eq(fiscalTestShifts.orgId, this.options.orgId), eq(fiscalTestShifts.isOpen, true)))
      .returning();
    return row ? stateOf(row) : this.shiftStatus();
  }

  async registerReceipt(request: FiscalReceiptRequest): Promise<{ receiptId: string }> {
    const existing = await this.findByKey(request.idempotencyKey);
    if (existing) return { receiptId: String(existing.id) };
    const shift = await this.shiftStatus();
    if (!shift.isOpen || shift.number === null) throw new FiscalProviderError('shift_closed', 'the shift is closed');
    const now = this.options.clock.now();
    const sign = createHash('sha256')
      .update(`${this.options.orgId}:${request.idempotencyKey}:${request.totalMinor}:${request.currency}`)
      .digest('hex')
      .slice(0, 16)
      .toUpperCase();
    const [row] = await this.options.db
      .insert(fiscalTestReceipts)
      .values({
        orgId: this.options.orgId,
        key: request.idempotencyKey,
        shiftNumber: shift.number,
        totalMinor: request.totalMinor,
        currency: request.currency,
        lines: request.lines.map((line) => ({
          code: line.code,
          name: line.name,
          quantity: line.quantity,
          priceMinor: line.priceMinor,
          sumMinor: line.priceMinor * line.quantity - (line.discountMinor ?? 0),
        })),
        discountMinor: request.discountMinor,
        fiscalNumber: `T${this.options.orgId}-${shift.number}-${sign.slice(0, 8)}`,
        fiscalSign: sign,
        registeredAt: now,
        readyAt: new Date(now.getTime() + this.options.delaySeconds * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: fiscalTestReceipts.id });
    // A concurrent twin with the same key won the insert: answer its receipt.
    const id = row?.id ?? (await this.findByKey(request.idempotencyKey))?.id;
    return { receiptId: String(id) };
  }

  async fetchReceipt(receiptId: string): Promise<FiscalReceiptAnswer> {
    const id = Number(receiptId);
    const [row] = Number.isSafeInteger(id)
      ? await this.options.db
          .select()
          .from(fiscalTestReceipts)
          .where(and(eq(fiscalTestReceipts.id, id), eq(fiscalTestReceipts.orgId, this.options.orgId)))
      : [];
    if (!row) throw new FiscalProviderError('refused', `no receipt ${receiptId}`);
    if (row.readyAt.getTime() > this.options.clock.nowMs()) return { status: 'pending' };
    return {
      status: 'ready',
      document: {
        number: row.fiscalNumber,
        fiscalSign: row.fiscalSign,
        url: `${TEST_FISCAL_CHECK_URL}/${row.fiscalNumber}?sign=${row.fiscalSign}`,
        registeredAt: row.registeredAt,
      },
    };
  }

  private async findByKey(key: string) {
    const [row] = await this.options.db
      .select({ id: fiscalTestReceipts.id })
      .from(fiscalTestReceipts)
      .where(and(eq(fiscalTestReceipts.orgId, this.options.orgId), eq(fiscalTestReceipts.key, key)));
    return row ?? null;
  }
}

function stateOf(row: typeof fiscalTestShifts.$inferSelect): FiscalShiftState {
  return { isOpen: row.isOpen, number: row.number || null, openedAt: row.openedAt, closedAt: row.closedAt };
}
