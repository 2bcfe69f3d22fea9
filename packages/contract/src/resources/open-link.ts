import { z } from 'zod';
import { INT4_MAX, text, ZId, ZTimestamp } from './common.js';

/** Who a link opens the door for: a customer (repeatable until it expires) or a courier (once). */
export const OPEN_LINK_KINDS = ['customer', 'courier'] as const;
export type OpenLinkKind = (typeof OPEN_LINK_KINDS)[number];
export const ZOpenLinkKind = z.enum(OPEN_LINK_KINDS);

/** Lifetime of a new link when the operator names none, and the longest allowed, in hours. */
export const OPEN_LINK_HOURS = {
  customer: { default: 30 * 24, max: 365 * 24 },
  courier: { default: 12, max: 72 },
} as const satisfies Record<OpenLinkKind, { default: number; max: number }>;

/** The public page of a link (§2 routes), relative to the panel's address. */
export function openLinkPath(kind: OpenLinkKind, token: string): string {
  return kind === 'courier' ? `/notauth/courier/open/fridge/${token}` : `/notauth/open/fridge/${token}`;
}

/** Most shelves a form may report a weight for, and the heaviest weight in grams. */
export const OPEN_FORM_MAX_SHELVES = 32;
export const OPEN_FORM_MAX_GRAMS = 1_000_000;

export const ZCreateOpenLink = z
  .object({
    kind: ZOpenLinkKind,
    /** Hours until the link stops working; the kind's default when omitted. */
    hours: z.int().min(1).max(OPEN_LINK_HOURS.customer.max).optional(),
  })
  .refine((body) => body.hours === undefined || body.hours <= OPEN_LINK_HOURS[body.kind].max, {
    error: `Courier links live at most ${OPEN_LINK_HOURS.courier.max} h`,
    path: ['hours'],
  });

export const ZOpenLink = z.object({
  token: z.string(),
  micromarket_id: z.number().int(),
  kind: ZOpenLinkKind,
  /** The public page, relative (`/notauth/…`) and absolute (the panel's public address). */
  path: z.string(),
  url: z.string(),
  expires_at: ZTimestamp,
  used_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  created_by: z.string().nullable(),
});
export type TOpenLink = z.infer<typeof ZOpenLink>;
export const ZOpenLinkList = z.object({ items: z.array(ZOpenLink) });

export const ZRevokeOpenLink = z.object({ token: z.uuid() });

/** A link token in a public path; anything that is not a live link of the path's kind is one 404. */
export const ZOpenTokenParam = z.object({ token: text(100).min(1) });

/** What the public page shows before the form. */
export const ZOpenLinkInfo = z.object({
  kind: ZOpenLinkKind,
  micromarket_name: z.string(),
  address: z.string().nullable(),
  /** Why the form would be refused now (locked, not available yet), so the page says it first; null when it can open. */
  refusal: z.string().nullable(),
});
export type TOpenLinkInfo = z.infer<typeof ZOpenLinkInfo>;

const optionalText = (max: number) =>
  text(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
const optionalTime = z
  .union([z.iso.datetime({ offset: true }), z.literal('')])
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/**
 * The open-micromarket form (§2). Name and phone are required, but checked by the server
 * after the schema, so a missing one answers the §5 message naming every missing field.
 */
export const ZOpenFridgeForm = z.object({
  name: text(100).optional(),
  phone: text(40).optional(),
  profession: optionalText(100),
  email: optionalText(254),
  /** Grams per shelf, top shelf first. */
  weights: z.array(z.int().min(0).max(OPEN_FORM_MAX_GRAMS)).max(OPEN_FORM_MAX_SHELVES).optional(),
  open_at: optionalTime,
  close_at: optionalTime,
  notes: optionalText(2000),
  items_count: z.int().min(0).max(INT4_MAX).nullable().optional(),
  /** Customer links: the provider's one-time payment method for the card (never the card number). */
  payment_method: text(100).optional(),
  /** Customer links: the card saved for this purchase by the link's card setup (Stripe: `seti_…`). */
  setup_id: text(255).optional(),
  /** One per submission, so a re-sent form holds the card once (the hold's idempotency key). */
  attempt: z.uuid().optional(),
});
export type TOpenFridgeForm = z.input<typeof ZOpenFridgeForm>;
export const OPEN_FORM_REQUIRED = ['name', 'phone'] as const;

/** The §8 answer: the door will open shortly; the request and its command, to follow. */
export const ZOpenFridgeAnswer = z.object({
  message: z.string(),
  request_id: ZId,
  command_id: z.string(),
});
export type TOpenFridgeAnswer = z.infer<typeof ZOpenFridgeAnswer>;
/**
 * A web purchase whose card's bank asks the buyer to authenticate (3-D Secure): the page sends
 * them to their bank, which sends them back to the page (`?attempt=`), and the page sends the
 * same form with the same attempt again to finish.
 */
export const ZOpenAuthenticate = z.object({ redirect_url: z.url() });
/** A customer link's answer: the door opens, or the buyer's bank asks for them first. */
export const ZOpenPurchaseAnswer = z.union([ZOpenFridgeAnswer, ZOpenAuthenticate]);
export type TOpenPurchaseAnswer = z.infer<typeof ZOpenPurchaseAnswer>;

/** The door command of an opening, for the public page to follow (by its id, for 15 minutes). */
export const OPEN_PROGRESS_WINDOW_MS = 15 * 60 * 1000;
export const ZOpenProgressParam = z.object({ command: text(100).min(1) });
export const ZOpenProgress = z.object({
  status: z.enum(['queued', 'sent', 'acknowledged', 'failed', 'expired']),
  /** A customer's purchase once the door closed and it was settled; null before (or for couriers). */
  sale: z
    .object({
      amount_minor: z.int(),
      currency: z.string(),
      /** §4 payment status: 1 paid, 2 not paid, 3 nothing taken. */
      payment_status: z.int(),
      receipt_path: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type TOpenProgress = z.infer<typeof ZOpenProgress>;

/**
 * The test provider's payment methods for the test cards its offline card form accepts
 * (Stripe's own test tokens, so a Stripe account in test mode understands them too). The form
 * turns a card number into one of these; a card number never reaches the server.
 */
export const TEST_CARD_PAYMENT_METHODS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_authenticationRequired',
};
export const TEST_DECLINED_PAYMENT_METHOD = 'pm_card_chargeDeclined';
/**
 * The test card whose every payment asks the buyer to authenticate (Stripe's 4000 0027 6000
 * 3184): with the buyer present the test bank sends them to its challenge page; without (a
 * saved card charged later) the payment is refused, `authentication_required`.
 */
export const TEST_AUTHENTICATION_PAYMENT_METHOD = 'pm_card_authenticationRequired';
/** The hold of a web purchase when the micromarket's own hold is off (minor units): 500.00. */
export const WEB_PURCHASE_DEFAULT_HOLD_MINOR = 50_000;
