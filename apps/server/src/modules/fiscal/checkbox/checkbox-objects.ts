import { FiscalProviderError, type FiscalReceiptRequest } from '../provider.js';

/**
 * The parts of Checkbox's API objects the adapter reads and writes, named as in its OpenAPI
 * document (test/specs/checkbox-openapi.subset.json): ShiftWithCashierAndCashRegister,
 * ReceiptModel and ReceiptSellPayload.
 */
export type CheckboxShiftStatus = 'CREATED' | 'OPENING' | 'OPENED' | 'CLOSING' | 'CLOSED';

export type CheckboxShift = {
  id: string;
  serial: number;
  status: CheckboxShiftStatus;
  opened_at?: string | null;
  closed_at?: string | null;
  initial_transaction?: { status: string; response_error_message?: string | null } | null;
};

export type CheckboxReceipt = {
  id: string;
  status: 'CREATED' | 'DONE' | 'ERROR' | 'CANCELLATION' | 'CANCELLED';
  fiscal_code?: string | null;
  fiscal_date?: string | null;
  created_at: string;
  tax_url?: string | null;
  transaction?: { response_error_message?: string | null } | null;
};

type Discount = { type: 'DISCOUNT'; mode: 'VALUE'; value: number; name?: string };

export type CheckboxSellPayload = {
  id: string;
  goods: {
    good: { code: string; name: string; price: number; barcode?: string; tax?: number[] | string[] };
    quantity: number;
    is_return?: boolean;
    discounts?: Discount[];
  }[];
  discounts?: Discount[];
  payments: { type: 'CASHLESS'; value: number; label: string }[];
  related_receipt_id?: string;
};

/** Checkbox counts goods in thousandths: 1000 is one piece. */
const QUANTITY_SCALE = 1000;
/** Words printed on the receipt (Checkbox registers in Ukraine, in hryvnias). */
const CARD_LABEL = 'Картка';
const BONUSES_LABEL = 'Бонуси';

/** Tax groups as Checkbox takes them: numeric codes as numbers, letters as text, never mixed. */
function taxesOf(codes: string[]): number[] | string[] | undefined {
  if (codes.length === 0) return undefined;
  return codes.every((code) => /^\d+$/.test(code)) ? codes.map(Number) : codes;
}

/**
 * A sale or return receipt as Checkbox's /receipts/sell takes it: goods at their list price
 * with the line's discount (and, on a return of products, the line's share of what is given
 * back below its price), the bonuses as a discount of the whole receipt, and one cashless
 * payment of what was paid. Checkbox checks that the payment equals the receipt's sum, so a
 * receipt whose lines do not add up to its total (a test-mode sale, charged a fixed amount)
 * is refused here rather than sent.
 */
export function sellPayload(request: FiscalReceiptRequest): CheckboxSellPayload {
  if (request.currency !== 'UAH') {
    throw new FiscalProviderError('refused', `Checkbox registers hryvnias only, not ${request.currency}`);
  }
  const isReturn = request.kind === 'return';
  const linesMinor = request.lines.reduce(
    (sum, line) => sum + line.priceMinor * line.quantity - (line.discountMinor ?? 0),
    0,
  );
  if (linesMinor - request.discountMinor !== request.totalMinor) {
    throw new FiscalProviderError(
      'refused',
      `the lines (${linesMinor}) less the discount (${request.discountMinor}) are not the total (${request.totalMinor})`,
    );
  }
  return {
    id: request.documentId,
    goods: request.lines.map((line) => {
      // A price above the list price (an operator's correction) is sold as it is.
      const unitMinor = Math.max(line.listPriceMinor, line.priceMinor);
      const lineDiscount = (unitMinor - line.priceMinor) * line.quantity + (line.discountMinor ?? 0);
      const taxes = taxesOf(line.taxCodes);
      return {
        good: {
          code: line.code,
          name: line.name,
          price: unitMinor,
          ...(line.barcode ? { barcode: line.barcode } : {}),
          ...(taxes ? { tax: taxes } : {}),
        },
        quantity: line.quantity * QUANTITY_SCALE,
        ...(isReturn ? { is_return: true } : {}),
        ...(lineDiscount > 0
          ? { discounts: [{ type: 'DISCOUNT' as const, mode: 'VALUE' as const, value: lineDiscount }] }
          : {}),
      };
    }),
    ...(request.discountMinor > 0
      ? { discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: request.discountMinor, name: BONUSES_LABEL }] }
      : {}),
    payments: [{ type: 'CASHLESS', value: request.totalMinor, label: CARD_LABEL }],
    ...(request.relatedReceiptId ? { related_receipt_id: request.relatedReceiptId } : {}),
  };
}
