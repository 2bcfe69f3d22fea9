import type { FiscalProviderKind } from '@vitrina/contract';

/**
 * What every fiscal provider does (DESIGN §8): a cash register with shifts, and receipts
 * registered on it. Registering is idempotent by key (the sale's id): a repeated call answers
 * the first registration, so a retried job never fiscalises a sale twice. A registered
 * receipt may take a while to be fiscalised: `fetchReceipt` answers `pending` until then.
 */
export type FiscalProvider = {
  readonly kind: FiscalProviderKind;
  openShift(): Promise<FiscalShiftState>;
  closeShift(): Promise<FiscalShiftState>;
  shiftStatus(): Promise<FiscalShiftState>;
  /** Throws `shift_closed` when no shift is open. */
  registerReceipt(request: FiscalReceiptRequest): Promise<{ receiptId: string }>;
  fetchReceipt(receiptId: string): Promise<FiscalReceiptAnswer>;
};

export type FiscalShiftState = {
  isOpen: boolean;
  number: number | null;
  openedAt: Date | null;
  closedAt: Date | null;
};

export type FiscalReceiptRequest = {
  /** A sale receipt, or the return receipt of a refund (money given back to the customer). */
  kind: 'sale' | 'return';
  idempotencyKey: string;
  currency: string;
  totalMinor: number;
  lines: { name: string; quantity: number; priceMinor: number }[];
};

export type FiscalDocument = { number: string; fiscalSign: string; url: string; registeredAt: Date };

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
