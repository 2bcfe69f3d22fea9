import { randomUUID } from 'node:crypto';
import { PAYMENT_STATUS, WEB_PURCHASE_DEFAULT_HOLD_MINOR } from '@vitrina/contract';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { readSettings } from '../micromarkets/index.js';
import { type PaymentProviders, performPayment } from '../payments/index.js';
import { currencyOf } from '../sales/index.js';

type Buyer = { token: string; orgId: number; settings: unknown };

/** What a web purchase holds: the micromarket's hold when on, else our default, never less than the test amount. */
export function webHoldAmount(stored: unknown): number {
  const settings = readSettings(stored);
  const hold = settings.hold_enabled && settings.hold_amount ? settings.hold_amount : WEB_PURCHASE_DEFAULT_HOLD_MINOR;
  return settings.test_mode ? Math.max(hold, settings.test_amount ?? 0) : hold;
}

/**
 * Holds the buyer's card before the door opens, once per form submission (the key comes
 * from the link and the page's attempt id). A decline or an undecided provider is §8's
 * payment system error, and no door opens.
 */
export async function holdCard(
  ctx: ServiceContext,
  providers: PaymentProviders | null,
  link: Buyer,
  body: { payment_method?: string | undefined; attempt?: string | undefined },
) {
  if (!body.payment_method) throw badRequest('validation.required', { payment_method: 'validation.required' });
  if (!providers) throw conflict('payment.not_configured');
  const idempotencyKey = `open:${link.token}:${body.attempt ?? randomUUID()}`;
  const hold = await performPayment(ctx, providers, {
    orgId: link.orgId,
    idempotencyKey,
    request: {
      operation: 'hold',
      amountMinor: webHoldAmount(link.settings),
      currency: await currencyOf(ctx.db, link.orgId),
      paymentMethod: body.payment_method,
      description: 'Open-fridge purchase',
    },
  });
  if (hold.status !== PAYMENT_STATUS.success) throw conflict('payment.system_error');
  return hold;
}

/** The door could not be queued after all: the hold goes back to the card. */
export async function releaseHold(
  ctx: ServiceContext,
  providers: PaymentProviders,
  hold: { id: number; orgId: number; idempotencyKey: string },
) {
  await performPayment(ctx, providers, {
    orgId: hold.orgId,
    idempotencyKey: `${hold.idempotencyKey}:release`,
    request: { operation: 'release', parentId: hold.id },
  });
}
