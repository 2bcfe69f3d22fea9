import { PAYMENT_STATUS, type TSaleRefund } from '@vitrina/contract';
import { takenByLedger } from '../sales/index.js';

type LedgerEntry = { id: number; operation: string; status: number; amountMinor: number; createdAt: Date };

/**
 * What an operator's refund keeps in the audit log (action `refund_request`, written with its
 * ledger rows under the sale's lock): the reason, what was asked, its ledger rows and the units
 * of each line. Who and when are the audit row's own.
 */
export type RefundRequestRecord = {
  reason: string;
  amount_minor: number;
  payments: number[];
  lines: { line_id: number; name: string; quantity: number }[];
};

/** A refund given back, or still being given back: it counts against what may be refunded. */
export const isGivenBack = (row: { operation: string; status: number }) =>
  row.operation === 'refund' && (row.status === PAYMENT_STATUS.success || row.status === PAYMENT_STATUS.inProcess);

/** The most a refund may give back now: what was taken less the refunds done or in process. */
export function refundableByLedger(ledger: readonly (LedgerEntry & { operation: string })[]): number {
  const given = ledger.filter(isGivenBack).reduce((total, row) => total + row.amountMinor, 0);
  return takenByLedger(ledger) - given;
}

/** The state of a refund of several ledger rows: in process while one is, else failed when one failed. */
function statusOf(rows: readonly LedgerEntry[]): TSaleRefund['status'] {
  const statuses = new Set(rows.map((row) => row.status));
  for (const status of [PAYMENT_STATUS.inProcess, PAYMENT_STATUS.suspended, PAYMENT_STATUS.error]) {
    if (statuses.has(status)) return status;
  }
  return rows.length > 0 ? PAYMENT_STATUS.success : PAYMENT_STATUS.new;
}

const refundedBy = (rows: readonly LedgerEntry[]) =>
  rows.filter((row) => row.status === PAYMENT_STATUS.success).reduce((total, row) => total + row.amountMinor, 0);

/**
 * The sale's refunds, oldest first: each operator's request with its reason and author, and
 * every refund row no request names (booked before reasons were kept, or by the demo) on its own.
 */
export function refundsOf(
  requests: readonly { at: Date; byName: string | null; record: RefundRequestRecord }[],
  ledger: readonly LedgerEntry[],
): TSaleRefund[] {
  const byId = new Map(ledger.map((row) => [row.id, row]));
  const named = new Set<number>();
  const asked = requests.map(({ at, byName, record }): TSaleRefund => {
    const rows = record.payments.flatMap((id) => byId.get(id) ?? []);
    for (const row of rows) named.add(row.id);
    return {
      payment_ids: record.payments,
      // The ledger's time (the server's clock) when its rows are there, like the rows beside it.
      at: (rows[0]?.createdAt ?? at).toISOString(),
      by_name: byName,
      reason: record.reason,
      amount_minor: record.amount_minor,
      refunded_minor: refundedBy(rows),
      status: statusOf(rows),
      lines: record.lines,
    };
  });
  const unnamed = ledger
    .filter((row) => row.operation === 'refund' && !named.has(row.id))
    .map(
      (row): TSaleRefund => ({
        payment_ids: [row.id],
        at: row.createdAt.toISOString(),
        by_name: null,
        reason: null,
        amount_minor: row.amountMinor,
        refunded_minor: refundedBy([row]),
        status: statusOf([row]),
        lines: [],
      }),
    );
  return [...asked, ...unnamed].sort((a, b) => a.at.localeCompare(b.at) || a.payment_ids[0]! - b.payment_ids[0]!);
}
