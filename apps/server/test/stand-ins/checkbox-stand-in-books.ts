import { randomUUID } from 'node:crypto';

/**
 * The stand-in's Checkbox: cash registers (one per license key), their cashiers, shifts and
 * receipts, kept the way Checkbox's API describes them. A shift is CREATED on opening and
 * OPENED once its opening transaction is signed (or CLOSED when the tax service refuses it);
 * a receipt is CREATED and DONE once signed; each takes `polls` reads of its state to get
 * there, so a client that does not poll never sees it finish. A return of a sale receipt
 * (`related_receipt_id`) gives back only goods that receipt sold, as it sold them, each for
 * no more than it sold, and the returns together no more than the sale took.
 */
export type CheckboxCashier = { licenseKey: string; login: string; password: string; pinCode: string };
export type Answer = { status: number; body: unknown };
export type Session = { token: string; cashier: CheckboxCashier; licenseKey: string | null };

type Shift = {
  id: string;
  serial: number;
  status: 'CREATED' | 'OPENING' | 'OPENED' | 'CLOSING' | 'CLOSED';
  login: string;
  licenseKey: string;
  createdAt: string;
  openedAt: string | null;
  closedAt: string | null;
  pollsLeft: number;
  /** Why the tax service refused to open it. */
  refusal: string | null;
};

type Good = { good: { code: string; name: string; price: number; tax?: (number | string)[]; barcode?: string } };
type SellBody = {
  id?: string;
  goods: (Good & { quantity: number; is_return?: boolean; discounts?: Discount[] })[];
  discounts?: Discount[];
  payments?: { type?: string; value: number; label?: string }[];
  related_receipt_id?: string;
};
type Discount = { type: 'DISCOUNT' | 'EXTRA_CHARGE'; mode: 'PERCENT' | 'VALUE'; value: number; name?: string };
export type StoredReceipt = {
  id: string;
  type: 'SELL' | 'RETURN';
  login: string;
  licenseKey: string;
  shiftId: string;
  serial: number;
  body: SellBody;
  totalSum: number;
  fiscalCode: string;
  createdAt: string;
  pollsLeft: number;
};

/** The organisation's taxes in Checkbox (GET /api/v1/tax), referred to by code or letter. */
export const CHECKBOX_TAXES = [
  { code: 1, symbol: 'А', label: 'ПДВ', rate: 20 },
  { code: 2, symbol: 'Б', label: 'Без ПДВ', rate: 0 },
  { code: 3, symbol: 'В', label: 'ПДВ', rate: 7 },
  { code: 8, symbol: 'Е', label: 'Акциз', rate: 5 },
] as const;

export const httpError = (status: number, message: string): Answer => ({ status, body: { message } });
const TAX_DEFAULTS = { id: '00000000-0000-4000-8000-000000000001', included: true, created_at: '2024-01-01T00:00:00Z' };

export class CheckboxBooks {
  readonly shifts: Shift[] = [];
  readonly receipts = new Map<string, StoredReceipt>();
  /** Reads of a shift or a receipt before it is signed. */
  polls = 1;
  /** The next shift opening is refused by the tax service (the shift ends CLOSED) with these words. */
  refuseNextOpening: string | null = null;
  private readonly sessions = new Map<string, Session>();
  private serial = 0;

  constructor(
    private readonly cashiers: CheckboxCashier[],
    /** Checkbox's clock, for the times it stamps (a test's clock, to make "yesterday"). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private stamp(): string {
    return this.now().toISOString();
  }

  /** A cash register of its own for one more cashier. */
  addCashier(cashier: CheckboxCashier): void {
    this.cashiers.push(cashier);
  }

  session(token: string): Session | null {
    return this.sessions.get(token) ?? null;
  }

  /** Every token handed out stops working, as when they expire. */
  expireTokens(): void {
    this.sessions.clear();
  }

  /** The cashier's shift that is not closed, if any. */
  activeShift(login: string): Shift | null {
    return this.shifts.find((shift) => shift.login === login && shift.status !== 'CLOSED') ?? null;
  }

  carryOut(request: {
    operation: string;
    params: string[];
    body: unknown;
    licenseKey: string | null;
    session: Session | null;
  }): Answer {
    const { session, body } = request;
    switch (request.operation) {
      case 'POST /api/v1/cashier/signin': {
        const { login, password } = body as { login: string; password: string };
        const cashier = this.cashiers.find((one) => one.login === login && one.password === password);
        return cashier ? this.signIn(cashier, request.licenseKey) : httpError(403, 'Invalid credentials');
      }
      case 'POST /api/v1/cashier/signinPinCode': {
        const { pin_code } = body as { pin_code: string };
        const cashier = this.cashiers.find((one) => one.pinCode === pin_code && one.licenseKey === request.licenseKey);
        return cashier ? this.signIn(cashier, request.licenseKey) : httpError(403, 'Invalid credentials');
      }
      case 'GET /api/v1/cashier/shift': {
        const shift = this.activeShift(session!.cashier.login);
        if (!shift) return { status: 200, body: null };
        // ShiftWithCashRegisterModel: the cashier asking is not repeated.
        const { cashier: _cashier, ...model } = this.read(shift);
        return { status: 200, body: model };
      }
      case 'GET /api/v1/shifts/{shift_id}': {
        const shift = this.shifts.find((one) => one.id === request.params[0] && one.login === session!.cashier.login);
        return shift ? { status: 200, body: this.read(shift) } : httpError(404, 'Shift not found');
      }
      case 'POST /api/v1/shifts':
        return this.openShift(session!, request.licenseKey!, body as { id?: string } | undefined);
      case 'POST /api/v1/shifts/close':
        return this.closeShift(session!);
      case 'POST /api/v1/receipts/sell':
        return this.sell(session!, body as SellBody);
      case 'GET /api/v1/receipts/{receipt_id}': {
        const receipt = this.receipts.get(request.params[0]!);
        if (!receipt || receipt.licenseKey !== session!.cashier.licenseKey) return httpError(404, 'Receipt not found');
        if (receipt.pollsLeft > 0) receipt.pollsLeft -= 1;
        return { status: 200, body: this.receiptModel(receipt) };
      }
      default:
        return httpError(404, 'Not found');
    }
  }

  private signIn(cashier: CheckboxCashier, licenseKey: string | null): Answer {
    const token = `jwt-${randomUUID()}`;
    this.sessions.set(token, { token, cashier, licenseKey });
    return { status: 200, body: { type: 'bearer', token_type: 'bearer', access_token: token } };
  }

  private openShift(session: Session, licenseKey: string, body: { id?: string } | undefined): Answer {
    if (licenseKey !== session.cashier.licenseKey) return httpError(403, 'Invalid license key');
    if (this.activeShift(session.cashier.login)) return httpError(400, 'Касир вже працює з даною касою');
    this.serial += 1;
    const shift: Shift = {
      id: body?.id ?? randomUUID(),
      serial: this.serial,
      status: 'CREATED',
      login: session.cashier.login,
      licenseKey,
      createdAt: this.stamp(),
      openedAt: null,
      closedAt: null,
      pollsLeft: this.polls,
      refusal: this.refuseNextOpening,
    };
    this.refuseNextOpening = null;
    this.shifts.push(shift);
    return { status: 202, body: this.shiftModel(shift) };
  }

  private closeShift(session: Session): Answer {
    const shift = this.activeShift(session.cashier.login);
    if (shift?.status !== 'OPENED') return httpError(400, 'Зміну не відкрито');
    shift.status = 'CLOSING';
    shift.pollsLeft = this.polls;
    return { status: 202, body: this.shiftModel(shift) };
  }

  /** A read moves a shift on once its signing is done. */
  private read(shift: Shift) {
    if (shift.pollsLeft > 0) shift.pollsLeft -= 1;
    if (shift.pollsLeft === 0 && (shift.status === 'CREATED' || shift.status === 'OPENING')) {
      shift.status = shift.refusal ? 'CLOSED' : 'OPENED';
      if (shift.refusal) shift.closedAt = this.stamp();
      else shift.openedAt = this.stamp();
    } else if (shift.pollsLeft === 0 && shift.status === 'CLOSING') {
      shift.status = 'CLOSED';
      shift.closedAt = this.stamp();
    }
    return this.shiftModel(shift);
  }

  private sell(session: Session, body: SellBody): Answer {
    const shift = this.activeShift(session.cashier.login);
    if (shift?.status !== 'OPENED') return httpError(400, 'Зміну не відкрито');
    const id = body.id ?? randomUUID();
    if (this.receipts.has(id)) return httpError(400, 'Чек з таким ідентифікатором вже існує');
    const returns = body.goods.filter((good) => good.is_return).length;
    if (returns !== 0 && returns !== body.goods.length) return httpError(400, 'Mixed sale and return goods');
    if (body.related_receipt_id && !this.receipts.has(body.related_receipt_id)) {
      return httpError(400, 'Related receipt not found');
    }
    const unsold = returns && body.related_receipt_id ? this.unsoldReturn(body, body.related_receipt_id) : null;
    if (unsold) return httpError(400, unsold);
    for (const { good } of body.goods) {
      for (const tax of good.tax ?? []) {
        if (!CHECKBOX_TAXES.some((known) => known.code === tax || known.symbol === tax)) {
          return httpError(400, `Tax ${tax} not found`);
        }
      }
    }
    const totalSum = this.totalOf(body);
    const paid = (body.payments ?? []).reduce((sum, payment) => sum + payment.value, 0);
    if (paid !== totalSum) return httpError(400, `Payments ${paid} do not match the receipt sum ${totalSum}`);
    this.serial += 1;
    const receipt: StoredReceipt = {
      id,
      type: returns ? 'RETURN' : 'SELL',
      login: session.cashier.login,
      licenseKey: session.cashier.licenseKey,
      shiftId: shift.id,
      serial: this.serial,
      body,
      totalSum,
      fiscalCode: `TEST-${id.slice(0, 8).toUpperCase()}`,
      createdAt: this.stamp(),
      pollsLeft: this.polls,
    };
    this.receipts.set(id, receipt);
    return { status: 201, body: this.receiptModel(receipt) };
  }

  /**
   * What is wrong with a return of a sale receipt: a good the sale did not sell as it is
   * returned (code, name, price, barcode and tax groups), more of it or of its money than the
   * sale sold, or, with the sale's earlier returns, more money than the sale took.
   */
  private unsoldReturn(body: SellBody, saleId: string): string | null {
    const sale = this.receipts.get(saleId)!;
    if (sale.type !== 'SELL') return 'Повернення можливе лише за чеком продажу';
    const sameGood = (a: Good, b: Good) =>
      a.good.code === b.good.code &&
      a.good.name === b.good.name &&
      a.good.price === b.good.price &&
      a.good.barcode === b.good.barcode &&
      JSON.stringify(a.good.tax ?? []) === JSON.stringify(b.good.tax ?? []);
    for (const returned of body.goods) {
      const sold = sale.body.goods.filter((good) => sameGood(good, returned));
      if (sold.length === 0) return `Товар ${returned.good.code} «${returned.good.name}» не продавався за цим чеком`;
      if (returned.quantity > sold.reduce((sum, good) => sum + good.quantity, 0)) {
        return `Кількість товару ${returned.good.code} більша за продану`;
      }
      if (this.goodSum(returned) > sold.reduce((sum, good) => sum + this.goodSum(good), 0)) {
        return `Сума повернення товару ${returned.good.code} більша за суму продажу`;
      }
    }
    const returnedBefore = [...this.receipts.values()]
      .filter((receipt) => receipt.type === 'RETURN' && receipt.body.related_receipt_id === saleId)
      .reduce((sum, receipt) => sum + receipt.totalSum, 0);
    if (returnedBefore + this.totalOf(body) > sale.totalSum) return 'Сума повернень більша за суму чека продажу';
    return null;
  }

  /** A good's sum: price × quantity / 1000 less its own discounts. */
  private goodSum(good: SellBody['goods'][number]): number {
    return this.discounted(Math.round((good.good.price * good.quantity) / 1000), good.discounts);
  }

  private discounted(sum: number, discounts: Discount[] = []): number {
    return discounts.reduce((rest, discount) => {
      const amount = discount.mode === 'VALUE' ? discount.value : Math.round((rest * discount.value) / 100);
      return discount.type === 'DISCOUNT' ? rest - amount : rest + amount;
    }, sum);
  }

  /** Checkbox's sums: a good is price × quantity / 1000 less its discounts, then the receipt's. */
  private totalOf(body: SellBody): number {
    const goods = body.goods.reduce((sum, good) => sum + this.goodSum(good), 0);
    return this.discounted(goods, body.discounts);
  }

  private shiftModel(shift: Shift) {
    const cashier = this.cashiers.find((one) => one.login === shift.login)!;
    return {
      id: shift.id,
      serial: shift.serial,
      status: shift.status,
      created_at: shift.createdAt,
      ...(shift.openedAt ? { opened_at: shift.openedAt } : {}),
      ...(shift.closedAt ? { closed_at: shift.closedAt } : {}),
      initial_transaction: {
        id: randomUUID(),
        type: 'SHIFT_OPEN',
        serial: shift.serial,
        status: shift.status === 'CREATED' ? 'PENDING' : shift.refusal ? 'ERROR' : 'DONE',
        ...(shift.refusal && shift.status === 'CLOSED' ? { response_error_message: shift.refusal } : {}),
      },
      taxes: [],
      cash_register: {
        id: '00000000-0000-4000-8000-00000000c45e',
        fiscal_number: `40000${cashier.licenseKey.length}`,
        active: true,
        created_at: '2024-01-01T00:00:00Z',
      },
      cashier: {
        id: '00000000-0000-4000-8000-0000000ca5e1',
        full_name: cashier.login,
        nin: '1234567890',
        key_id: 'test-key',
        signature_type: 'TEST',
        created_at: '2024-01-01T00:00:00Z',
      },
    };
  }

  private receiptModel(receipt: StoredReceipt) {
    const isDone = receipt.pollsLeft === 0;
    const shift = this.shifts.find((one) => one.id === receipt.shiftId)!;
    return {
      id: receipt.id,
      type: receipt.type,
      serial: receipt.serial,
      status: isDone ? 'DONE' : 'CREATED',
      goods: receipt.body.goods.map(({ good: { tax, ...good }, ...item }) => ({
        good,
        sum: Math.round((good.price * item.quantity) / 1000),
        quantity: item.quantity,
        is_return: Boolean(item.is_return),
        taxes: (tax ?? []).map((code) => {
          const known = CHECKBOX_TAXES.find((one) => one.code === code || one.symbol === code)!;
          return { ...TAX_DEFAULTS, ...known, value: 0, extra_value: 0 };
        }),
      })),
      payments: (receipt.body.payments ?? []).map((payment) => ({ type: 'CASHLESS', ...payment })),
      total_sum: receipt.totalSum,
      total_payment: receipt.totalSum,
      total_rest: 0,
      created_at: receipt.createdAt,
      taxes: [],
      shift: this.shiftModel(shift),
      ...(receipt.body.related_receipt_id ? { related_receipt_id: receipt.body.related_receipt_id } : {}),
      ...(isDone
        ? {
            fiscal_code: receipt.fiscalCode,
            fiscal_date: receipt.createdAt,
            tax_url: `https://cabinet.tax.gov.ua/cashregs/check?id=${receipt.fiscalCode}&sm=${receipt.totalSum / 100}`,
          }
        : {}),
    };
  }
}
