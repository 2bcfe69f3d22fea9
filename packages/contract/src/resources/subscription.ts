import { z } from 'zod';
import { idList, listOf, optionalQuery, ZIdFromText, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

export const ZSubscriptionOrgParam = z.object({ org_id: ZIdFromText });
export const ZSubscriptionMicromarketParam = z.object({ micromarket_id: ZIdFromText });
export const ZInvoiceIdParam = z.object({ id: ZIdFromText });

export const ZSubscriptionDevice = z.object({
  micromarket_id: z.number().int(),
  name: z.string(),
  /** Effective monthly price: the micromarket's own, else the organisation's (minor units). */
  price_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(['active', 'paused', 'canceled']).nullable(),
  method: z.enum(['card', 'invoice']).nullable(),
  auto_billing: z.boolean(),
  paid_until: ZTimestamp.nullable(),
});
export type TSubscriptionDevice = z.infer<typeof ZSubscriptionDevice>;
export const ZSubscriptionDeviceList = z.object({ items: z.array(ZSubscriptionDevice) });

export const ZSubscribe = z.object({
  micromarket_ids: idList(500).min(1, { error: 'validation.required' }),
  method: z.enum(['card', 'invoice'], { error: 'validation.required' }),
});

export const ZSubscriptionAction = z.object({
  action: z.enum(['pause', 'continue', 'cancel_auto_billing'], { error: 'validation.required' }),
});

/** The subscription card: saved and charged through the platform's payment system, never the organisation's. */
export const ZOrganizationCard = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  provider: z.string(),
  created_at: ZTimestamp,
  /** Saved with a platform payment system that is no longer in use: not charged, to be added again. */
  needs_readding: z.boolean(),
});
export const ZOrganizationCardAnswer = z.object({ card: ZOrganizationCard.nullable() });
export type TOrganizationCardAnswer = z.infer<typeof ZOrganizationCardAnswer>;

export const ZSubscriptionPayment = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  /** SUBSCRIPTION_PAYMENT_TYPE: 0 first payment, 1 card, 2 invoice. */
  type: z.number().int(),
  /** SUBSCRIPTION_PAYMENT_STATUS: 0 new, 1 paid, 2 not paid, 3 canceled. */
  status: z.number().int(),
  period_month: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  micromarket_ids: z.array(z.number().int()),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  created_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
});
export type TSubscriptionPayment = z.infer<typeof ZSubscriptionPayment>;
export const ZSubscriptionPaymentList = listOf(ZSubscriptionPayment);

export const ZSubscriptionPaymentQuery = ZPageQuery.extend({
  org_id: ZIdQuery,
  status: optionalQuery(z.coerce.number().int().min(0).max(3, { error: 'errors.bad_request' })),
  type: optionalQuery(z.coerce.number().int().min(0).max(2, { error: 'errors.bad_request' })),
  month: optionalQuery(z.string().regex(/^\d{4}-\d{2}$/, { error: 'errors.bad_request' })),
});

export const ZSubscriptionInvoice = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  number: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(['issued', 'paid', 'canceled']),
  issued_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
});
export type TSubscriptionInvoice = z.infer<typeof ZSubscriptionInvoice>;
export const ZSubscriptionInvoiceList = listOf(ZSubscriptionInvoice);
export const ZSubscriptionInvoiceQuery = ZPageQuery.extend({ org_id: ZIdQuery });
