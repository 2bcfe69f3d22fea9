import {
  APP_AUTHENTICATED_PATH,
  type Locale,
  openLinkPath,
  PAYMENT_STATUS,
  WEB_PURCHASE_DEFAULT_HOLD_MINOR,
} from '@vitrina/contract';
import { and, eq, isNull, like, lt, sql } from 'drizzle-orm';
import { paymentTransactions } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { readSettings } from '../micromarkets/index.js';
import {
  askReserved,
  type CardOrigin,
  findPaymentByKey,
  followPayment,
  type PaymentProviders,
  performPayment,
  reservePayment,
} from '../payments/index.js';
import { activeCardOf, currencyOf } from '../sales/index.js';
import { cardOfLinkSetup } from './open-card.service.js';

type Buyer = { token: string; orgId: number; settings: unknown };

/** A guest's web purchase hold: one per link and form submission (the page's attempt id). */
export const holdKeyOf = (token: string, attempt: string) => `open:${token}:${attempt}`;
/**
 * A customer app's hold: one per customer, link and tap. Under the same `open:` prefix, so the
 * sweep of abandoned holds covers it; a guest's attempt is a UUID, so the two never meet.
 */
export const appHoldKeyOf = (token: string, customerId: number, attempt: string) =>
  `open:${token}:app:${customerId}:${attempt}`;

/**
 * `key` when its attempt was held already (it comes back from its bank's 3-D Secure, or is sent
 * again), else null: such a post is no new attempt for the limits.
 */
export async function heldAttemptKey(ctx: ServiceContext, key: string): Promise<string | null> {
  return (await findPaymentByKey(ctx.db, key)) ? key : null;
}

/** What a web purchase holds: the micromarket's hold when on, else our default, never less than the test amount. */
export function webHoldAmount(stored: unknown): number {
  const settings = readSettings(stored);
  const hold = settings.hold_enabled && settings.hold_amount ? settings.hold_amount : WEB_PURCHASE_DEFAULT_HOLD_MINOR;
  return settings.test_mode ? Math.max(hold, settings.test_amount ?? 0) : hold;
}

/**
 * The card a purchase holds: a payment method, with the provider's customer and the provider and
 * account that saved it when it is a saved card, and where the bank's 3-D Secure sends the
 * buyer back to (none: the hold is off-session, and a bank that asks declines it).
 */
export type HoldingCard = {
  paymentMethod: string | undefined;
  customer?: string;
  origin?: CardOrigin;
  returnUrl?: string;
};

/**
 * Holds the buyer's card before the door opens, once per idempotency key (a guest's form
 * submission, a customer's tap). A decline or an undecided provider is §8's payment system
 * error, and no door opens.
 */
export async function holdForOpening(
  ctx: ServiceContext,
  providers: PaymentProviders | null,
  purchase: { buyer: Buyer; idempotencyKey: string; card: HoldingCard },
) {
  if (!providers) throw conflict('payment.not_configured');
  const { buyer, card } = purchase;
  const asked = await performPayment(ctx, providers, {
    orgId: buyer.orgId,
    idempotencyKey: purchase.idempotencyKey,
    ...(card.origin ? { card: card.origin } : {}),
    request: {
      operation: 'hold',
      amountMinor: webHoldAmount(buyer.settings),
      currency: await currencyOf(ctx.db, buyer.orgId),
      paymentMethod: card.paymentMethod,
      ...(card.customer ? { customer: card.customer } : {}),
      description: 'Open-fridge purchase',
      ...(card.returnUrl ? { returnUrl: card.returnUrl } : {}),
    },
  });
  // Sent again on the way back from the bank, or its answer lost: followed up now.
  const { row: hold, redirectUrl } = await followPayment(ctx, providers, asked);
  if (redirectUrl) return { hold, redirectUrl };
  if (hold.status !== PAYMENT_STATUS.success) throw conflict('payment.system_error');
  // Let go meanwhile (the buyer came back too late, abandonedWebHolds): a new attempt holds anew.
  if (await findPaymentByKey(ctx.db, releaseKeyOf(hold))) throw conflict('payment.system_error');
  return { hold, redirectUrl: null };
}

/**
 * The guest's card on the open-fridge page: the one the link's card setup saved (`setup_id`:
 * Stripe.js's Payment Element, or the test provider's form), or a payment method the page made
 * itself. The bank's 3-D Secure sends them back to the page with the attempt.
 */
export async function guestCard(
  ctx: ServiceContext,
  providers: PaymentProviders | null,
  link: Buyer,
  body: { payment_method?: string | undefined; setup_id?: string | undefined },
  attempt: string,
): Promise<HoldingCard> {
  if (!body.payment_method && !body.setup_id) {
    throw badRequest('validation.required', { payment_method: 'validation.required' });
  }
  if (!providers) throw conflict('payment.not_configured');
  const saved = body.setup_id ? await cardOfLinkSetup(ctx, providers, link, body.setup_id) : null;
  return {
    paymentMethod: saved?.paymentMethod ?? body.payment_method,
    ...(saved ? { origin: saved.origin } : {}),
    returnUrl: `${ctx.publicUrl.replace(/\/$/, '')}${openLinkPath('customer', link.token)}?attempt=${attempt}`,
  };
}

/**
 * The signed-in customer's saved card: the newest one their organisation's payment system can
 * charge (a card saved with another provider or account is as none). Held with the customer
 * present (they hold the phone): the bank's 3-D Secure sends them back to the page asking them
 * to return to the app (`APP_AUTHENTICATED_PATH`, in their language), which sends the attempt
 * again. None: §8's "no payment type settings", the reason that covers a payment method missing.
 */
export async function savedCard(ctx: ServiceContext, customerId: number, locale: Locale): Promise<HoldingCard> {
  const card = await activeCardOf(ctx.db, customerId);
  if (!card) throw conflict('payment.refusal.no_payment_settings');
  return {
    paymentMethod: card.paymentMethod,
    customer: card.providerCustomer,
    origin: { provider: card.provider, providerAccount: card.providerAccount },
    returnUrl: `${ctx.publicUrl.replace(/\/$/, '')}${APP_AUTHENTICATED_PATH}?lang=${locale}`,
  };
}

const releaseKeyOf = (hold: { idempotencyKey: string }) => `${hold.idempotencyKey}:release`;

/** The door could not be queued after all: the hold goes back to the card. */
export async function releaseHold(
  ctx: ServiceContext,
  providers: PaymentProviders,
  hold: { id: number; orgId: number; idempotencyKey: string },
) {
  await performPayment(ctx, providers, {
    orgId: hold.orgId,
    idempotencyKey: releaseKeyOf(hold),
    request: { operation: 'release', parentId: hold.id },
  });
}

/**
 * This attempt's hold, if the bank granted it and no sale took it, let go now: the attempt was
 * refused after its buyer approved it at their bank (the fridge got busy meanwhile). A hold
 * still waiting for its buyer is left to the release job; the release is keyed by the hold, so once.
 */
export async function releaseUntakenHold(ctx: ServiceContext, providers: PaymentProviders, holdKey: string) {
  const found = await findPaymentByKey(ctx.db, holdKey);
  if (found?.operation !== 'hold' || found.transactionId) return;
  const { row: hold } = await followPayment(ctx, providers, found);
  if (hold.status === PAYMENT_STATUS.success) await releaseHold(ctx, providers, hold);
}

/** The job that lets go of abandoned web holds, once a minute. */
export const RELEASE_WEB_HOLDS_JOB = 'open-links.release-holds';
/** A web purchase's hold with no sale this long was abandoned (its buyer never came back from their bank). */
export const ABANDONED_HOLD_AFTER_MS = 15 * 60_000;

/**
 * Lets go of web purchases' holds that no sale took: the buyer never came back from their
 * bank's 3-D Secure page, or the hold's answer came too late (a webhook, the reconciliation)
 * for the page that asked. Each hold is claimed under its row's lock, so a buyer coming back at
 * that moment either gets the door (the sale took the hold first) or a new attempt; never both.
 */
export async function releaseAbandonedWebHolds(ctx: ServiceContext, providers: PaymentProviders): Promise<number> {
  const before = new Date(ctx.clock.nowMs() - ABANDONED_HOLD_AFTER_MS);
  const holds = await ctx.db
    .select({ id: paymentTransactions.id, orgId: paymentTransactions.orgId, key: paymentTransactions.idempotencyKey })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.operation, 'hold'),
        eq(paymentTransactions.status, PAYMENT_STATUS.success),
        isNull(paymentTransactions.transactionId),
        like(paymentTransactions.idempotencyKey, 'open:%'),
        lt(paymentTransactions.createdAt, before),
        sql`NOT EXISTS (SELECT 1 FROM payment_transactions f WHERE f.parent_id = ${paymentTransactions.id})`,
      ),
    )
    .limit(100);
  let released = 0;
  for (const hold of holds) {
    const reserved = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ transactionId: paymentTransactions.transactionId })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, hold.id))
        .for('update');
      if (!locked || locked.transactionId !== null) return null;
      return reservePayment(
        ctx,
        providers,
        {
          orgId: hold.orgId,
          idempotencyKey: releaseKeyOf({ idempotencyKey: hold.key }),
          request: { operation: 'release', parentId: hold.id },
        },
        tx,
      );
    });
    if (!reserved) continue;
    await askReserved(ctx, reserved);
    released += 1;
  }
  return released;
}
