import { randomUUID } from 'node:crypto';
import { openLinkPath, PAYMENT_STATUS, WEB_PURCHASE_DEFAULT_HOLD_MINOR } from '@vitrina/contract';
import { and, eq, isNull, like, lt, sql } from 'drizzle-orm';
import { paymentTransactions } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { readSettings } from '../micromarkets/index.js';
import {
  askReserved,
  findPaymentByKey,
  followPayment,
  type PaymentProviders,
  performPayment,
  reservePayment,
} from '../payments/index.js';
import { currencyOf } from '../sales/index.js';
import { cardOfLinkSetup } from './open-card.service.js';

type Buyer = { token: string; orgId: number; settings: unknown };

/** A web purchase's hold: one per link and form submission (the page's attempt id). */
export const holdKeyOf = (token: string, attempt: string) => `open:${token}:${attempt}`;

/** What a web purchase holds: the micromarket's hold when on, else our default, never less than the test amount. */
export function webHoldAmount(stored: unknown): number {
  const settings = readSettings(stored);
  const hold = settings.hold_enabled && settings.hold_amount ? settings.hold_amount : WEB_PURCHASE_DEFAULT_HOLD_MINOR;
  return settings.test_mode ? Math.max(hold, settings.test_amount ?? 0) : hold;
}

/**
 * Holds the buyer's card before the door opens, once per form submission (the key comes
 * from the link and the page's attempt id). A decline or an undecided provider is §8's
 * payment system error, and no door opens. The card is the one the link's card setup saved
 * (`setup_id`: Stripe.js's Payment Element, or the test provider's form), or a payment method
 * the page made itself.
 */
export async function holdCard(
  ctx: ServiceContext,
  providers: PaymentProviders | null,
  link: Buyer,
  body: { payment_method?: string | undefined; setup_id?: string | undefined; attempt?: string | undefined },
) {
  if (!body.payment_method && !body.setup_id) {
    throw badRequest('validation.required', { payment_method: 'validation.required' });
  }
  if (!providers) throw conflict('payment.not_configured');
  const saved = body.setup_id ? await cardOfLinkSetup(ctx, providers, link, body.setup_id) : null;
  const attempt = body.attempt ?? randomUUID();
  const idempotencyKey = holdKeyOf(link.token, attempt);
  // The buyer's bank may ask them to authenticate (3-D Secure): it sends them back to this page.
  const returnUrl = `${ctx.publicUrl.replace(/\/$/, '')}${openLinkPath('customer', link.token)}?attempt=${attempt}`;
  const asked = await performPayment(ctx, providers, {
    orgId: link.orgId,
    idempotencyKey,
    ...(saved ? { card: saved.origin } : {}),
    request: {
      operation: 'hold',
      amountMinor: webHoldAmount(link.settings),
      currency: await currencyOf(ctx.db, link.orgId),
      paymentMethod: saved?.paymentMethod ?? body.payment_method,
      description: 'Open-fridge purchase',
      returnUrl,
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
