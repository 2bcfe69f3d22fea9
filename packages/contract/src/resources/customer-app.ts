import { z } from 'zod';
import { LOCALES } from '../locales.js';
import {
  listOf,
  requiredText,
  storableString,
  ZId,
  ZIdFromText,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';
import { ORDER_PAYMENT_STATES, ZCreateOrder, ZOrderStatus } from './order.js';
import { PUSH_IMPORTANCES } from './push.js';
import { SUPPORT_STATUSES, ZSupportComment } from './support.js';

/**
 * The customer app's API (`/v1/app/…`): customers sign in with a one-time code sent to
 * their phone (or, when the organisation has no WhatsApp channel, to their email), then read
 * their push inbox, register their installation for push and talk to support.
 */

/** A sign-in code: six digits, ten minutes, five guesses. */
export const SIGN_IN_CODE_DIGITS = 6;
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_ATTEMPTS = 5;
/** A new code for the same phone at most once a minute and five times an hour. */
export const SIGN_IN_CODE_RESEND_MS = 60_000;
export const SIGN_IN_CODES_PER_HOUR = 5;

/** A phone in E.164 (`+` then 8 to 15 digits): the customer's identity within an organisation. */
export const ZE164Phone = storableString()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9][0-9]{7,14}$/, { error: 'validation.phone' }));

export const ZRequestSignInCode = z.object({ org_id: ZId, phone: ZE164Phone });

/** The same answer whether or not the phone belongs to a customer, so it tells nobody who is one. */
export const ZSignInCodeSent = z.object({ resend_after_s: z.number().int() });

export const ZCustomerSignIn = z.object({
  org_id: ZId,
  phone: ZE164Phone,
  code: storableString().regex(/^[0-9]{6}$/, { error: 'app.code_format' }),
});

export const ZCustomerProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
});
export type TCustomerProfile = z.infer<typeof ZCustomerProfile>;

export const ZCustomerSession = z.object({ token: z.string(), customer: ZCustomerProfile });
export type TCustomerSession = z.infer<typeof ZCustomerSession>;

/** One push message in the customer's inbox (the built-in provider's delivery). */
export const ZInboxMessage = z.object({
  id: z.number().int(),
  importance: z.enum(PUSH_IMPORTANCES),
  title: z.string(),
  body: z.string(),
  action: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  delivered_at: ZTimestamp,
  read_at: ZTimestamp.nullable(),
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;

export const ZInbox = listOf(ZInboxMessage).extend({ unread: z.number().int() });
export type TInbox = z.infer<typeof ZInbox>;
export const ZInboxQuery = ZPageQuery;

export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;
export const ZRegisterPushDevice = z.object({
  token: requiredText(4096),
  platform: z.enum(PUSH_PLATFORMS, { error: 'validation.required' }),
});
export type TRegisterPushDevice = z.input<typeof ZRegisterPushDevice>;

/** A conversation with support as its customer sees it: no assignee, no internal fields. */
export const ZCustomerChat = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  micromarket_id: z.number().int().nullable(),
  micromarket_name: z.string().nullable(),
  transaction_id: z.number().int().nullable(),
  comments_count: z.number().int(),
  last_comment_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TCustomerChat = z.infer<typeof ZCustomerChat>;
export const ZCustomerChatList = listOf(ZCustomerChat);
export type TCustomerChatList = z.infer<typeof ZCustomerChatList>;
export const ZCustomerChatQuery = ZPageQuery.extend({ archive: ZQueryBoolean });

export const ZCustomerChatCard = ZCustomerChat.extend({ comments: z.array(ZSupportComment) });
export type TCustomerChatCard = z.infer<typeof ZCustomerChatCard>;

export const ZCreateCustomerChat = z.object({
  title: requiredText(200),
  text: requiredText(4000),
  /** A micromarket of the customer's organisation the conversation is about. */
  micromarket_id: ZId.nullable().optional(),
  /** One of the customer's own purchases. */
  transaction_id: ZId.nullable().optional(),
});

/** A micromarket of the customer's organisation that takes orders. */
export const ZAppMicromarket = z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() });
export const ZAppMicromarkets = z.object({ items: z.array(ZAppMicromarket) });
export type TAppMicromarkets = z.infer<typeof ZAppMicromarkets>;

/** Products to order at (or wish for in) one micromarket. */
export const ZAppProductsQuery = z.object({ micromarket_id: ZIdFromText });
export const ZAppProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The price at this micromarket now: its personal price or the sell cost, less the discount in force. */
  price_minor: z.number().int(),
  currency: z.string(),
});
export const ZAppProducts = z.object({ items: z.array(ZAppProduct) });
export type TAppProducts = z.infer<typeof ZAppProducts>;

/** The customer orders for themselves: the panel's order form without the customer. */
export const ZCreateCustomerOrder = ZCreateOrder.omit({ customer_id: true });

export const ZCustomerOrder = z.object({
  id: z.number().int(),
  micromarket_id: z.number().int(),
  micromarket_name: z.string(),
  status: ZOrderStatus,
  total_minor: z.number().int(),
  currency: z.string(),
  payment_state: z.enum(ORDER_PAYMENT_STATES),
  note: z.string(),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      price_minor: z.number().int(),
    }),
  ),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TCustomerOrder = z.infer<typeof ZCustomerOrder>;
export const ZCustomerOrderList = listOf(ZCustomerOrder);
export type TCustomerOrderList = z.infer<typeof ZCustomerOrderList>;
export const ZCustomerOrderQuery = ZPageQuery;

export const ZCreateCustomerWish = z.object({ micromarket_id: ZId, product_id: ZId });

/**
 * The customer app opens a micromarket by the QR code on it (the token of its customer link).
 * One attempt id per tap: a request sent again holds the card once and answers the same door.
 */
export const ZAppOpenFridge = z.object({ attempt: z.uuid({ error: 'errors.bad_request' }) });

/**
 * The page a customer's bank sends them back to after 3-D Secure in the app's browser tab
 * (the app's opening's return URL): in the app's language (`lang`, one of the panel's locales, else the browser's).
 */
export const ZAppAuthenticatedQuery = z.object({ lang: z.enum(LOCALES).optional() });
export const APP_AUTHENTICATED_PATH = '/v1/app/open/authenticated';
