import type { TMicromarketSettings } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import type { paymentTransactions, transactions } from '../db/schema/index.js';

type SaleRow = typeof transactions.$inferSelect;
type LedgerRow = typeof paymentTransactions.$inferSelect;

/**
 * What the sales module announces (it alone emits; it lives here, below the modules, so the
 * ServiceContext can carry it) about a sale (DESIGN §9: one owner of a sale), inside the
 * database transaction that made it, so a subscriber's writes commit or roll back with it:
 * - `settled`: the settlement finished the sale (paid, not paid or nothing to pay);
 * - `paid`: the sale's money is all taken — at the settlement, or later by a webhook, the
 *   reconciliation or an operator's charge again;
 * - `refunded`: a refund of the sale succeeded; `refunds` are all its successful refunds'
 *   ledger rows (once per change, however many refunds it books: a subscriber keys on each row);
 * - `refundReversed`: a refund of the sale ended in error after the fact (a webhook or the
 *   reconciliation: the bank reversed it after it succeeded, or refused one left in process);
 *   `refund` is its ledger row, sent after the sale followed its ledger.
 * Any of them may come again for the same change (a retried job, a repeated webhook), so
 * subscribers are idempotent: receipts and accruals are keyed, rollups recomputed whole.
 */
export type SaleEventMap = {
  settled: { sale: SaleRow; settings: TMicromarketSettings | null };
  paid: { sale: SaleRow; settings: TMicromarketSettings | null };
  refunded: { sale: SaleRow; refunds: LedgerRow[] };
  refundReversed: { refund: LedgerRow & { transactionId: number } };
};
export type SaleEventName = keyof SaleEventMap;
export type SaleEventHandler<K extends SaleEventName> = (db: Db, event: SaleEventMap[K]) => Promise<void>;

/**
 * The in-process list of subscribers: each module subscribes in its manifest (lib/module-manifest.ts),
 * in the order of app.ts's list of modules.
 */
export class SaleEvents {
  private readonly handlers: { [K in SaleEventName]: SaleEventHandler<K>[] } = {
    settled: [],
    paid: [],
    refunded: [],
    refundReversed: [],
  };

  on<K extends SaleEventName>(name: K, handler: SaleEventHandler<K>): this {
    this.handlers[name].push(handler);
    return this;
  }

  /** Runs every subscriber in order, in the caller's database transaction. */
  async emit<K extends SaleEventName>(db: Db, name: K, event: SaleEventMap[K]): Promise<void> {
    for (const handler of this.handlers[name]) await handler(db, event);
  }
}
