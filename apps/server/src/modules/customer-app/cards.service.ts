import { randomBytes } from 'node:crypto';
import type { TCardSetup, TCustomerCode, TSavedCard } from '@vitrina/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerCards, paymentSettings } from '../../db/schema/index.js';
import type { CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import {
  type CardOwner,
  type CustomerGone,
  cardMatches,
  detachSavedCard,
  finishCardSetup,
  knownAccountOf,
  type PaymentProviders,
  startCardSetup,
} from '../payments/index.js';
import { activeCardOf } from '../sales/index.js';

type CardRow = typeof customerCards.$inferSelect;

/** A card's code for the app's QR code (`customer_token` in a door session): unguessable, 35 characters. */
const newCode = () => `ct_${randomBytes(16).toString('hex')}`;

/** The customer's cards are saved with their organisation's payment system, as its sales charge them. */
const scopeOf = (actor: CustomerActor) => ({ kind: 'org' as const, orgId: actor.orgId });
const ownerOf = (actor: CustomerActor): CardOwner => ({
  orgId: actor.orgId,
  ref: `user:${actor.userId}`,
  description: `Vitrina customer ${actor.userId}`,
  hasCustomer: true,
});

function present(card: CardRow, settings: { provider: string; accountId: string | null } | null): TSavedCard {
  return {
    id: card.id,
    brand: card.brand ?? 'card',
    last4: card.last4 ?? '',
    exp_month: card.expMonth,
    exp_year: card.expYear,
    provider: card.provider,
    created_at: card.createdAt.toISOString(),
    needs_readding: !cardMatches(card, settings?.provider ?? null, knownAccountOf(settings)),
  };
}

async function settingsOf(ctx: ServiceContext, orgId: number) {
  const [row] = await ctx.db
    .select({ provider: paymentSettings.provider, accountId: paymentSettings.accountId })
    .from(paymentSettings)
    .where(eq(paymentSettings.orgId, orgId));
  return row ?? null;
}

/** The customer's active cards, newest first (the newest chargeable one is what sales charge). */
export async function listCards(ctx: ServiceContext, actor: CustomerActor): Promise<{ items: TSavedCard[] }> {
  const [rows, settings] = await Promise.all([
    ctx.db
      .select()
      .from(customerCards)
      .where(and(eq(customerCards.userId, actor.userId), eq(customerCards.active, true)))
      .orderBy(desc(customerCards.id)),
    settingsOf(ctx, actor.orgId),
  ]);
  return { items: rows.map((row) => present(row, settings)) };
}

export function startCustomerCardSetup(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: CustomerActor,
): Promise<TCardSetup> {
  // The customer was deleted at the provider: the cards saved on it went with it, so no sale counts on them.
  const onCustomerGone: CustomerGone = async (tx, gone) => {
    const dropped = await tx
      .update(customerCards)
      .set({ active: false })
      .where(
        and(
          eq(customerCards.userId, actor.userId),
          eq(customerCards.provider, gone.kind),
          eq(customerCards.providerAccount, gone.account),
          eq(customerCards.providerCustomer, gone.customer),
          eq(customerCards.active, true),
        ),
      )
      .returning({ id: customerCards.id });
    for (const card of dropped) {
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'customer_card',
        entityId: card.id,
        orgId: actor.orgId,
        after: { reason: 'provider_customer_deleted' },
      });
    }
  };
  return startCardSetup(ctx, providers, { scope: scopeOf(actor), owner: ownerOf(actor), onCustomerGone });
}

/**
 * Saves the card of the customer's confirmed setup, with the provider and account that saved
 * it. Sending the same setup again (a double tap) answers the card saved the first time.
 */
export async function saveCustomerCard(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: CustomerActor,
  setupId: string,
): Promise<TSavedCard> {
  const saved = await finishCardSetup(ctx, providers, { scope: scopeOf(actor), owner: ownerOf(actor), setupId });
  const row = await ctx.db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(customerCards)
      .where(
        and(
          eq(customerCards.userId, actor.userId),
          eq(customerCards.paymentMethod, saved.card.paymentMethod),
          eq(customerCards.active, true),
        ),
      );
    if (earlier) return earlier;
    const [inserted] = await tx
      .insert(customerCards)
      .values({
        orgId: actor.orgId,
        userId: actor.userId,
        // What the app's QR code shows a micromarket, to know who is at the door.
        token: newCode(),
        provider: saved.kind,
        providerAccount: saved.account,
        paymentMethod: saved.card.paymentMethod,
        providerCustomer: saved.customer ?? '',
        brand: saved.card.brand,
        last4: saved.card.last4,
        expMonth: saved.card.expMonth,
        expYear: saved.card.expYear,
        createdAt: ctx.clock.now(),
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'customer_card',
      entityId: inserted!.id,
      orgId: actor.orgId,
      after: { brand: inserted!.brand, last4: inserted!.last4, provider: inserted!.provider },
    });
    return inserted!;
  });
  return present(row, await settingsOf(ctx, actor.orgId));
}

/** Removes one of the customer's own cards (404 for anyone else's); the provider lets it go too. */
export async function removeCustomerCard(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: CustomerActor,
  id: number,
): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(customerCards)
      .set({ active: false })
      .where(and(eq(customerCards.id, id), eq(customerCards.userId, actor.userId), eq(customerCards.active, true)))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, actor, { action: 'delete', entity: 'customer_card', entityId: id, orgId: actor.orgId });
    return row;
  });
  await detachSavedCard(ctx, providers, { scope: scopeOf(actor), card: removed });
}

/** The card sales charge (`activeCardOf`); without one a fridge's sale could not be paid, so the app asks for a card first. */
async function chargedCard(db: Db, actor: CustomerActor): Promise<CardRow> {
  const card = await activeCardOf(db, actor.userId);
  if (!card) throw conflict('card.none_for_code');
  return card;
}

/** The code the app shows as a QR code at a micromarket's reader: that of the card sales charge. */
export async function customerCode(ctx: ServiceContext, actor: CustomerActor): Promise<TCustomerCode> {
  const card = await chargedCard(ctx.db, actor);
  return { token: card.token, card_id: card.id };
}

/**
 * New codes for every active card of the customer (a QR code seen over their shoulder or kept
 * as a screenshot buys nothing any more): a fridge that reports an old one makes a guest's sale.
 */
export async function renewCustomerCode(ctx: ServiceContext, actor: CustomerActor): Promise<TCustomerCode> {
  return ctx.db.transaction(async (tx) => {
    await chargedCard(tx, actor);
    const cards = await tx
      .select({ id: customerCards.id })
      .from(customerCards)
      .where(and(eq(customerCards.userId, actor.userId), eq(customerCards.active, true)));
    for (const card of cards) {
      await tx.update(customerCards).set({ token: newCode() }).where(eq(customerCards.id, card.id));
    }
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'customer_card_code',
      entityId: actor.userId,
      orgId: actor.orgId,
      after: { renewed: cards.length },
    });
    const card = await chargedCard(tx, actor);
    return { token: card.token, card_id: card.id };
  });
}
