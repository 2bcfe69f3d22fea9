import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../constants.js';
import {
  CLIENT_TYPE,
  type CodeOf,
  DATASET_TAGS,
  PAYMENT_OPERATIONS,
  PAYMENT_TRANSACTION_STATUS,
  PAYMENT_TRANSACTION_TYPE,
  TRANSACTION_PAYMENT_STATUS,
  TRANSACTION_PAYMENT_TYPE,
  TRANSACTION_STATUS,
} from '../enums.js';
import {
  INT4_MAX,
  optionalQuery,
  requiredText,
  searchQuery,
  text,
  ZExportFormat,
  ZId,
  ZIdQuery,
  ZTimestamp,
} from './common.js';

/** A §4 code column: one of the table's codes. */
function codeOf<const T extends readonly { code: number }[]>(table: T) {
  const codes = [...new Set(table.map((row) => row.code))] as CodeOf<T>[];
  return z.union(codes.map((code) => z.literal(code)) as unknown as [z.ZodLiteral<CodeOf<T>>]);
}

/** A §4 code as a query value (`?status=2`); empty means no filter. */
function codeQuery<const T extends readonly { code: number }[]>(table: T) {
  return optionalQuery(z.coerce.number().pipe(codeOf(table)));
}

/** An amount in minor units as a query value. */
const ZMinorQuery = optionalQuery(
  z.coerce
    .number({ error: 'validation.money' })
    .int({ error: 'validation.money' })
    .min(0, { error: 'validation.money' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'validation.money' }),
);

export const ZTransactionStatusCode = codeOf(TRANSACTION_STATUS);
export const ZTransactionPaymentStatusCode = codeOf(TRANSACTION_PAYMENT_STATUS);
export const ZTransactionPaymentTypeCode = codeOf(TRANSACTION_PAYMENT_TYPE);
export const ZClientTypeCode = codeOf(CLIENT_TYPE);

/**
 * How much of what was taken has been given back, from the sale's paid and refunded amounts
 * (successful refunds only): nothing, a part, or all of it.
 */
export const REFUND_STATES = ['not_refunded', 'partly_refunded', 'refunded'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export function refundStateOf(sale: { paid_minor: number; refunded_minor: number }): RefundState {
  if (sale.refunded_minor <= 0) return 'not_refunded';
  return sale.refunded_minor >= sale.paid_minor ? 'refunded' : 'partly_refunded';
}

/** A sale as a row of the transactions list. Amounts are minor units of `currency`. */
export const ZTransactionListItem = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  micromarket_id: z.number().int(),
  micromarket_name: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  client_type: ZClientTypeCode,
  payment_type: ZTransactionPaymentTypeCode,
  status: ZTransactionStatusCode,
  payment_status: ZTransactionPaymentStatusCode,
  currency: z.string(),
  amount_minor: z.number().int(),
  paid_minor: z.number().int(),
  refunded_minor: z.number().int(),
  refund_state: z.enum(REFUND_STATES),
  bonuses_used_minor: z.number().int(),
  is_test: z.boolean(),
  opened_at: ZTimestamp,
  closed_at: ZTimestamp.nullable(),
});
export type TTransactionListItem = z.infer<typeof ZTransactionListItem>;

/** The filters of the list, its totals and its export. */
export const transactionFilters = {
  org_id: ZIdQuery,
  micromarket_id: ZIdQuery,
  /** The period of `opened_at`: whole UTC days, both inclusive. */
  from: optionalQuery(z.iso.date()),
  to: optionalQuery(z.iso.date()),
  /** 3 also finds 4: both are "processing" (§4). */
  status: codeQuery(TRANSACTION_STATUS),
  payment_status: codeQuery(TRANSACTION_PAYMENT_STATUS),
  payment_type: codeQuery(TRANSACTION_PAYMENT_TYPE),
  refund_state: optionalQuery(z.enum(REFUND_STATES)),
  customer_id: ZIdQuery,
  /** The customer's name, email or phone (any part, any case). */
  customer: searchQuery(100),
  /** What the customer pays (amount_minor), both bounds inclusive. */
  amount_min: ZMinorQuery,
  amount_max: ZMinorQuery,
};
export const ZTransactionFiltersQuery = z.object(transactionFilters);
export type TTransactionFilters = z.output<typeof ZTransactionFiltersQuery>;

/** Sales are a large table: pages go by cursor (newest first), never by offset. */
export const ZListTransactionsQuery = z.object({
  ...transactionFilters,
  cursor: optionalQuery(text(64)),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(50),
});
export const ZTransactionList = z.object({
  items: z.array(ZTransactionListItem),
  next_cursor: z.string().nullable(),
});
export type TTransactionList = z.infer<typeof ZTransactionList>;

/** Totals of the filtered sales, one row per currency (sub-organisations may sell in another). */
export const ZTransactionTotals = z.object({
  count: z.number().int(),
  by_currency: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      amount_minor: z.number().int(),
      paid_minor: z.number().int(),
      refunded_minor: z.number().int(),
    }),
  ),
});
export type TTransactionTotals = z.infer<typeof ZTransactionTotals>;

/** The most rows one export holds; narrow the filters for more. */
export const TRANSACTION_EXPORT_MAX_ROWS = 100_000;
/** `format` defaults to CSV, so a link with filters alone still downloads. */
export const ZExportTransactionsQuery = z.object({
  ...transactionFilters,
  format: optionalQuery(ZExportFormat).default('csv'),
});

export const SALE_SOURCES = ['tag', 'weight', 'camera', 'barcode', 'manual'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];

export const ZTransactionLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  source: z.enum(SALE_SOURCES),
  tag_code: z.string().nullable(),
  quantity: z.number().int(),
  list_price_minor: z.number().int(),
  price_minor: z.number().int(),
  sum_minor: z.number().int(),
  is_corrected: z.boolean(),
  /** Units given back or being given back (a failed refund returns its units). */
  refunded_quantity: z.number().int(),
});
export type TTransactionLine = z.infer<typeof ZTransactionLine>;

/** A ledger row of the sale (§4 payment transaction: type 1 debit, 2 refund). */
export const ZSalePayment = z.object({
  id: z.number().int(),
  type: codeOf(PAYMENT_TRANSACTION_TYPE),
  status: codeOf(PAYMENT_TRANSACTION_STATUS),
  operation: z.enum(PAYMENT_OPERATIONS),
  amount_minor: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  provider_reference: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: ZTimestamp,
  settled_at: ZTimestamp.nullable(),
});
export type TSalePayment = z.infer<typeof ZSalePayment>;

export const ZSaleBonus = z.object({
  id: z.number().int(),
  /** §4 bonus operations: 1 top up, 2 withdraw. */
  operation: z.union([z.literal(1), z.literal(2)]),
  amount_minor: z.number().int(),
  reason: z.string(),
  created_at: ZTimestamp,
});

/** The sensor whose count a sale charges (DESIGN §9); the others only check it. */
export const SENSOR_AUTHORITIES = ['rfid', 'scales', 'camera'] as const;
export const CHECK_SENSORS = ['rfid', 'weight', 'camera'] as const;
/**
 * How the sensors of one door session disagreed: a checking sensor counted a product
 * differently (`count_differs`), or the shelves lost more (`weight_unexplained`) or less
 * (`weight_missing`) than the counted items weigh, beyond the organisation's tolerance.
 */
export const SENSOR_DISAGREEMENTS = ['count_differs', 'weight_unexplained', 'weight_missing'] as const;

export const ZSensorDisagreement = z.object({
  kind: z.enum(SENSOR_DISAGREEMENTS),
  /** The product counted differently (count_differs). */
  product_id: z.number().int().nullable(),
  /** Its name, as the card shows it (not stored: read from the sale's lines and detections). */
  product_name: z.string().nullable().optional(),
  /** The sensor that saw it differently. */
  sensor: z.enum(CHECK_SENSORS).nullable(),
  /** What the authoritative sensor counted, and what the checking sensor saw. */
  counted: z.number().int().nullable(),
  seen: z.number().int().nullable(),
  /** Tag codes of the product that left (count_differs with RFID). */
  tags: z.array(z.string()),
  /** Grams the counted items weigh and grams the shelves lost (weight disagreements). */
  expected_grams: z.number().int().nullable(),
  measured_grams: z.number().int().nullable(),
});
export type TSensorDisagreement = z.infer<typeof ZSensorDisagreement>;

export const ZSensorShelf = z.object({
  shelf: z.number().int(),
  /** Grams the shelf lost (before − after). */
  measured_grams: z.number().int(),
  /** Grams of the counted items the scales or camera placed on this shelf. */
  expected_grams: z.number().int(),
});

/** The cross-sensor check of a closed door session, kept on its sale. */
export const ZSensorCheck = z.object({
  authority: z.enum(SENSOR_AUTHORITIES),
  /** The sensors that reported in this session besides the authority. */
  checked_by: z.array(z.enum(CHECK_SENSORS)),
  tolerance_grams: z.number().int(),
  /** Grams the counted items weigh (null when a counted product has no weight) and grams the shelves lost. */
  expected_grams: z.number().int().nullable(),
  measured_grams: z.number().int().nullable(),
  shelves: z.array(ZSensorShelf),
  disagreements: z.array(ZSensorDisagreement),
  /** Set when an operator corrected the lines of a disputed sale. */
  resolved_at: ZTimestamp.nullable(),
  resolved_by: z.number().int().nullable(),
  /** Their name, as the card shows it (not stored). */
  resolved_by_name: z.string().nullable().optional(),
  /** Set when the resolved dispute was sent to the training dataset. */
  dataset_at: ZTimestamp.nullable(),
});
export type TSensorCheck = z.infer<typeof ZSensorCheck>;

/** The door session's evidence: what the sensors saw (manual check, disputes). */
export const ZSaleSession = z.object({
  id: z.string(),
  kind: z.string(),
  opened_at: ZTimestamp,
  closed_at: ZTimestamp.nullable(),
  taken_tags: z.array(z.string()),
  detections: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      product_name: z.string().nullable(),
      quantity: z.number(),
      source: z.string(),
      shelf: z.number().nullable(),
    }),
  ),
  /** Grams per shelf, by shelf number from 1. */
  weights_before: z.array(z.number().nullable()).nullable(),
  weights_after: z.array(z.number().nullable()).nullable(),
});
export type TSaleSession = z.infer<typeof ZSaleSession>;

export const ZSaleEvent = z.object({
  id: z.number().int(),
  at: ZTimestamp,
  kind: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor_label: z.string().nullable(),
});

/**
 * An operator's refund as the card shows it: who asked, when, why, for which products, and
 * how it ended (its ledger rows: one, or one per payment it gave money back from). A refund
 * booked without the panel (older ones, the demo's) has no reason or author.
 */
export const ZSaleRefund = z.object({
  payment_ids: z.array(z.number().int()),
  at: ZTimestamp,
  by_name: z.string().nullable(),
  reason: z.string().nullable(),
  /** What was asked, and what the provider gave back so far. */
  amount_minor: z.number().int(),
  refunded_minor: z.number().int(),
  /** The ledger status of the whole: in process while a part is, an error when a part failed. */
  status: codeOf(PAYMENT_TRANSACTION_STATUS),
  lines: z.array(z.object({ line_id: z.number().int(), name: z.string(), quantity: z.number().int() })),
});
export type TSaleRefund = z.infer<typeof ZSaleRefund>;

export const ZTransactionCard = ZTransactionListItem.extend({
  organization_name: z.string(),
  customer_email: z.string().nullable(),
  gross_minor: z.number().int(),
  discount_minor: z.number().int(),
  bonuses_accrued_minor: z.number().int(),
  cost_minor: z.number().int(),
  error_code: z.string().nullable(),
  settled_at: ZTimestamp.nullable(),
  lines: z.array(ZTransactionLine),
  payments: z.array(ZSalePayment),
  /** The operators' refunds, oldest first. */
  refunds: z.array(ZSaleRefund),
  bonuses: z.array(ZSaleBonus),
  session: ZSaleSession.nullable(),
  /** The micromarket's history while the door was open. */
  events: z.array(ZSaleEvent),
  /** How the sensors agreed on what was taken (null: no door session, or sold before the check). */
  sensor_check: ZSensorCheck.nullable(),
  /** What the caller may do now, as the server's rules decide. */
  actions: z.object({
    /** What was taken less what is given back or being given back: the most a refund may give back now. */
    refundable_minor: z.number().int(),
    can_refund: z.boolean(),
    /** A not-paid sale of a customer with a saved card. */
    can_charge: z.boolean(),
    /** Manual processing, or successful but not paid (incorrectly counted products). */
    can_correct: z.boolean(),
  }),
});
export type TTransactionCard = z.infer<typeof ZTransactionCard>;

/** The web makes one key per form, so a double click refunds once. */
const ZIdempotencyKey = z.uuid({ error: 'errors.bad_request' });

/** The longest reason a refund keeps. */
export const REFUND_REASON_MAX = 500;

/** A product of the sale to give back: its line and how many of its units. */
export const ZRefundLine = z.object({
  line_id: z.int({ error: 'validation.required' }).min(1).max(Number.MAX_SAFE_INTEGER),
  quantity: z.int({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(INT4_MAX),
});

/**
 * A refund by amount (`amount_minor`) or by products (`lines`: the server prices them at what
 * the customer paid per unit, capped by what is refundable; an `amount_minor` sent beside them
 * must be that sum, so the panel's confirmation is what is refunded). Always with a reason.
 */
export const ZRefundTransaction = z
  .object({
    // Bounded like every integer column's input: 21 million in major units is more than any sale.
    amount_minor: z
      .int({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(INT4_MAX, { error: 'validation.money' })
      .optional(),
    lines: z.array(ZRefundLine).min(1, { error: 'validation.required' }).max(200).optional(),
    reason: requiredText(REFUND_REASON_MAX),
    idempotency_key: ZIdempotencyKey,
  })
  .superRefine((body, context) => {
    if (body.lines === undefined && body.amount_minor === undefined) {
      context.addIssue({ code: 'custom', path: ['amount_minor'], message: 'validation.required' });
    }
    const seen = new Set<number>();
    for (const [index, line] of (body.lines ?? []).entries()) {
      if (seen.has(line.line_id)) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'line_id'],
          message: 'transaction.refund_line_repeated',
        });
      }
      seen.add(line.line_id);
    }
  });
export type TRefundTransaction = z.input<typeof ZRefundTransaction>;

export const ZChargeTransaction = z.object({ idempotency_key: ZIdempotencyKey });

/**
 * The outcome of a refund or a charge: the ledger row it wrote and the sale after it. A
 * provider's refusal is data here (`error`, shown under §8's payment system error title).
 */
export const ZTransactionPaymentResult = z.object({
  payment: ZSalePayment,
  transaction: ZTransactionListItem,
  error: z.string().nullable(),
});
export type TTransactionPaymentResult = z.infer<typeof ZTransactionPaymentResult>;

/** A resolved sensor dispute sent to the training dataset, with the dataset's tags for it. */
export const ZSendDisputeToDataset = z.object({
  tags: z.array(z.enum(DATASET_TAGS)).max(DATASET_TAGS.length).default([]),
});

/** The operator's count of a sale: every line it should have (an empty list: nothing taken). */
export const ZCorrectTransaction = z.object({
  lines: z
    .array(
      z.object({
        /** A line of the sale kept (its prices stay unless product or quantity change); omitted: a new line. */
        id: z.int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
        product_id: ZId,
        quantity: z.int({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(INT4_MAX),
      }),
    )
    .max(200),
});
