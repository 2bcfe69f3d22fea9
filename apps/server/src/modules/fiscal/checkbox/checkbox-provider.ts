import type { Clock } from '../../../lib/clock.js';
import {
  type FiscalProvider,
  FiscalProviderError,
  type FiscalReceiptAnswer,
  type FiscalReceiptRequest,
  type FiscalShiftState,
} from '../provider.js';
import { CheckboxApi, type CheckboxApiOptions, messageOf } from './checkbox-api.js';
import { type CheckboxReceipt, type CheckboxShift, sellPayload } from './checkbox-objects.js';

/** Checkbox's public page of a receipt, by its id: the customer's copy, with the tax service's QR code. */
export const CHECKBOX_RECEIPT_PAGE = 'https://check.checkbox.ua';
/**
 * Opening or closing a shift is signed and sent to the tax service, "usually a few seconds"
 * (Checkbox's docs): its state is read this often, this many times, before the job gives up
 * until its next attempt.
 */
export const SHIFT_POLL_MS = 1_000;
export const SHIFT_POLLS = 30;

export type CheckboxProviderOptions = CheckboxApiOptions & {
  clock: Clock;
  receiptPageUrl?: string | undefined;
};

const CLOSED: FiscalShiftState = { isOpen: false, number: null, openedAt: null, closedAt: null };

function stateOf(shift: CheckboxShift | null): FiscalShiftState {
  if (!shift) return CLOSED;
  return {
    isOpen: shift.status === 'OPENED',
    number: shift.serial,
    openedAt: shift.opened_at ? new Date(shift.opened_at) : null,
    closedAt: shift.closed_at ? new Date(shift.closed_at) : null,
  };
}

/**
 * Checkbox (the Ukrainian software cash register, PRRO) as a fiscal provider: one cash
 * register (its license key) and one cashier per organisation. A receipt's id is ours (the
 * request's `documentId`), so a retry finds the receipt the lost answer made instead of
 * making a second one.
 */
export class CheckboxFiscalProvider implements FiscalProvider {
  readonly kind = 'checkbox' as const;
  private readonly api: CheckboxApi;

  constructor(private readonly options: CheckboxProviderOptions) {
    this.api = new CheckboxApi(options);
  }

  async testConnection(): Promise<FiscalShiftState> {
    await this.api.signIn();
    return this.shiftStatus();
  }

  async shiftStatus(): Promise<FiscalShiftState> {
    return stateOf(await this.currentShift());
  }

  openShift(): Promise<FiscalShiftState> {
    return this.ensureShift({ mayOpen: true });
  }

  async ensureShift({ mayOpen }: { mayOpen: boolean }): Promise<FiscalShiftState> {
    let shift = await this.currentShift();
    if (shift && shift.status !== 'OPENED') shift = await this.settle(shift);
    if (shift?.status === 'OPENED' || !mayOpen) return stateOf(shift);
    const created = await this.api.call<CheckboxShift>('POST', '/api/v1/shifts');
    if (created.status !== 202 && created.status !== 200) {
      throw new FiscalProviderError('shift_closed', messageOf(created.body) || `Checkbox answered ${created.status}`);
    }
    const opened = await this.settle(created.body);
    if (opened.status !== 'OPENED') {
      const reason = opened.initial_transaction?.response_error_message;
      throw new FiscalProviderError('shift_closed', reason || 'Checkbox could not open the shift');
    }
    return stateOf(opened);
  }

  /** Creates the Z report and closes the shift; a register with no open shift answers as it is. */
  async closeShift(): Promise<FiscalShiftState> {
    let shift = await this.currentShift();
    if (shift && shift.status !== 'OPENED' && shift.status !== 'CLOSING') shift = await this.settle(shift);
    if (!shift || shift.status === 'CLOSED') return stateOf(shift);
    if (shift.status === 'OPENED') {
      const closing = await this.api.call<CheckboxShift>('POST', '/api/v1/shifts/close');
      if (closing.status !== 202 && closing.status !== 200) {
        throw new FiscalProviderError('refused', messageOf(closing.body) || `Checkbox answered ${closing.status}`);
      }
      shift = closing.body;
    }
    // Closing still being signed counts as closed: no receipt can go on it any more.
    return { ...stateOf(await this.settle(shift)), isOpen: false };
  }

  async registerReceipt(request: FiscalReceiptRequest): Promise<{ receiptId: string }> {
    const payload = sellPayload(request);
    const answer = await this.api.call<CheckboxReceipt>('POST', '/api/v1/receipts/sell', payload);
    if (answer.status === 201 || answer.status === 200) return { receiptId: answer.body.id };
    // The id may be taken by our own earlier attempt whose answer was lost: that receipt is this one.
    const earlier = await this.api.call<CheckboxReceipt>('GET', `/api/v1/receipts/${payload.id}`);
    if (earlier.status === 200) return { receiptId: earlier.body.id };
    throw new FiscalProviderError('refused', messageOf(answer.body) || `Checkbox answered ${answer.status}`);
  }

  async fetchReceipt(receiptId: string): Promise<FiscalReceiptAnswer> {
    const answer = await this.api.call<CheckboxReceipt>('GET', `/api/v1/receipts/${encodeURIComponent(receiptId)}`);
    if (answer.status !== 200) {
      throw new FiscalProviderError('refused', messageOf(answer.body) || `no receipt ${receiptId}`);
    }
    const receipt = answer.body;
    if (receipt.status === 'CREATED') return { status: 'pending' };
    if (receipt.status !== 'DONE' || !receipt.fiscal_code) {
      const reason = receipt.transaction?.response_error_message;
      throw new FiscalProviderError('refused', reason || `the receipt is ${receipt.status}`);
    }
    return {
      status: 'ready',
      document: {
        number: receipt.fiscal_code,
        fiscalSign: null,
        url: `${this.options.receiptPageUrl ?? CHECKBOX_RECEIPT_PAGE}/${receipt.id}`,
        registeredAt: new Date(receipt.fiscal_date ?? receipt.created_at),
      },
    };
  }

  /** The cashier's shift that is not closed; Checkbox answers null when there is none. */
  private async currentShift(): Promise<CheckboxShift | null> {
    const answer = await this.api.call<CheckboxShift | null>('GET', '/api/v1/cashier/shift');
    if (answer.status !== 200) {
      throw new FiscalProviderError('refused', messageOf(answer.body) || `Checkbox answered ${answer.status}`);
    }
    return answer.body;
  }

  /** Reads the shift until its opening or closing is signed (OPENED or CLOSED), by the injected clock. */
  private async settle(shift: CheckboxShift): Promise<CheckboxShift> {
    let current = shift;
    for (let poll = 0; poll < SHIFT_POLLS && current.status !== 'OPENED' && current.status !== 'CLOSED'; poll++) {
      await this.options.clock.sleep(SHIFT_POLL_MS);
      const answer = await this.api.call<CheckboxShift>('GET', `/api/v1/shifts/${current.id}`);
      if (answer.status !== 200) {
        throw new FiscalProviderError('refused', messageOf(answer.body) || `Checkbox answered ${answer.status}`);
      }
      current = answer.body;
    }
    if (current.status === 'CREATED' || current.status === 'OPENING') {
      throw new FiscalProviderError('unavailable', 'the shift is still being opened');
    }
    return current;
  }
}
