import type { FiscalProviderKind } from '@vitrina/contract';
import type { FiscalRegisteredDocument } from '../../db/schema/index.js';

/**
 * What every fiscal provider does (DESIGN §8): a cash register with shifts, and receipts
 * registered on it. Registering is idempotent by key (the sale's id): a repeated call answers
 * the first registration, so a retried job never fiscalises a sale twice. A registered
 * receipt may take a while to be fiscalised: `fetchReceipt` answers `pending` until then.
 */
export type FiscalProvider = {
  readonly kind: FiscalProviderKind;
  /** Signs in anew and reads the shift: whether the stored credentials work. */
  testConnection(): Promise<FiscalShiftState>;
  /** Opens a shift, or answers the open one as it is; throws `shift_closed` when it cannot be opened. */
  openShift(): Promise<FiscalShiftState>;
  closeShift(): Promise<FiscalShiftState>;
  shiftStatus(): Promise<FiscalShiftState>;
  /**
   * The shift a receipt is about to go on: a register that opens its own shifts
   * (`opensShiftsItself`) opens one when `mayOpen`, at any hour (a receipt after the nightly
   * close goes on the next shift); the others answer the shift as it is, opened by the operator.
   */
  ensureShift(options: { mayOpen: boolean }): Promise<FiscalShiftState>;
  /** Throws `shift_closed` when no shift is open. */
  registerReceipt(request: FiscalReceiptRequest): Promise<{ receiptId: string }>;
  fetchReceipt(receiptId: string): Promise<FiscalReceiptAnswer>;
};

/**
 * Registers that open a shift themselves when a receipt needs one (Checkbox): a closed shift
 * does not stop sales, a shift that cannot be opened does. The test register's shift is
 * opened by hand, so the demo can show §8's "closed fiscal shift".
 */
export function opensShiftsItself(kind: FiscalProviderKind): boolean {
  return kind !== 'test';
}

export type FiscalShiftState = {
  isOpen: boolean;
  number: number | null;
  openedAt: Date | null;
  closedAt: Date | null;
};

/** A line of a receipt as sent to the register, and as stored with it (`fiscal_receipts.document`). */
export type FiscalReceiptLine = FiscalRegisteredDocument['lines'][number];

export type FiscalReceiptRequest = {
  /**
   * A sale receipt, the return receipt of a refund (money given back to the customer), or the
   * correction of a return whose refund the bank reversed: a sale receipt of exactly the goods
   * the return printed, since the customer kept nothing (docs/decisions/078-a-reversed-refunds-return-receipt-is-corrected.md).
   */
  kind: 'sale' | 'return' | 'correction';
  idempotencyKey: string;
  /**
   * A UUID of this document, the same on every retry, for registers that take the client's
   * id (Checkbox): derived from the idempotency key and the sale's random token, so a
   * restored backup or a second installation never meets an id it did not make.
   */
  documentId: string;
  currency: string;
  /** What the customer paid (or is given back): the lines, each less its own discount, less `discountMinor`. */
  totalMinor: number;
  /** Taken off the whole receipt after the lines' own discounts: the bonuses spent. */
  discountMinor: number;
  lines: FiscalReceiptLine[];
  /** Every Vitrina sale is paid by card or wallet through the payment provider: cashless. */
  payment: 'cashless';
  /** A return receipt's sale receipt at the same register, when it has one. */
  relatedReceiptId: string | null;
};

/** `fiscalSign`: the register's signature of the document, where it has one (the test register). */
export type FiscalDocument = { number: string; fiscalSign: string | null; url: string; registeredAt: Date };

export type FiscalReceiptAnswer = { status: 'pending' } | { status: 'ready'; document: FiscalDocument };

/**
 * shift_closed: no open shift (retry once one opens); unavailable: no answer (retry);
 * refused: the provider will not take this receipt; credentials: our keys were refused.
 */
export type FiscalErrorKind = 'shift_closed' | 'unavailable' | 'refused' | 'credentials';

export class FiscalProviderError extends Error {
  constructor(
    readonly kind: FiscalErrorKind,
    /** The provider's own words, for the operator. */
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
  }
}
