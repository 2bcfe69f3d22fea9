import { createHash } from 'node:crypto';
import type { TCardSetup } from '@vitrina/contract';
import type { ServiceContext } from '../../lib/context.js';
import { type CardOwner, finishCardSetup, type PaymentProviders, startCardSetup } from '../payments/index.js';

type Link = { token: string; orgId: number };

/**
 * The guest of a customer link: the card is saved for this purchase only, with no customer at
 * the provider (the page identifies nobody). The link is named by a digest, never its token:
 * the token opens the door and must not sit in the provider's dashboard.
 */
function linkOwner(link: Link): CardOwner {
  const digest = createHash('sha256').update(link.token).digest('hex').slice(0, 32);
  return { orgId: link.orgId, ref: `link:${digest}`, description: 'Open-fridge purchase', hasCustomer: false };
}

/** A setup for the card of a purchase by this (working, not refused) link, with its organisation's payment system. */
export function startLinkCardSetup(ctx: ServiceContext, providers: PaymentProviders, link: Link): Promise<TCardSetup> {
  return startCardSetup(ctx, providers, { scope: { kind: 'org', orgId: link.orgId }, owner: linkOwner(link) });
}

/** The card a setup of this link saved (404 for a setup of any other link or owner). */
export async function cardOfLinkSetup(ctx: ServiceContext, providers: PaymentProviders, link: Link, setupId: string) {
  const saved = await finishCardSetup(ctx, providers, {
    scope: { kind: 'org', orgId: link.orgId },
    owner: linkOwner(link),
    setupId,
  });
  return {
    paymentMethod: saved.card.paymentMethod,
    origin: { provider: saved.kind, providerAccount: saved.account },
  };
}
