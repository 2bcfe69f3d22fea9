import type { TCardSetup } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationCards, organizations } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import {
  type CardOwner,
  cardMatches,
  detachSavedCard,
  findPlatformSettings,
  finishCardSetup,
  knownAccountOf,
  type PaymentProviders,
  type SettingsScope,
  startCardSetup,
} from '../payments/index.js';

export type OrganizationCardRow = typeof organizationCards.$inferSelect;

/**
 * Subscription fees are the platform's income: the organisation's card is saved in, and
 * charged through, the platform's payment system, never the organisation's own account.
 */
const PLATFORM: SettingsScope = { kind: 'platform' };

const ownerOf = (orgId: number): CardOwner => ({
  orgId,
  ref: `org:${orgId}`,
  description: `Vitrina subscription: organisation ${orgId}`,
  hasCustomer: true,
});

async function assertOrganisation(db: Db, orgId: number): Promise<void> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw notFound();
}

export async function findOrganizationCard(db: Db, orgId: number): Promise<OrganizationCardRow | null> {
  const [card] = await db.select().from(organizationCards).where(eq(organizationCards.orgId, orgId));
  return card ?? null;
}

/** Whether the platform's payment system now is the one that saved the card (else it is never charged). */
export async function isChargeable(db: Db, card: OrganizationCardRow): Promise<boolean> {
  const platform = await findPlatformSettings(db);
  return cardMatches(card, platform?.provider ?? null, knownAccountOf(platform));
}

export async function getOrganizationCard(ctx: ServiceContext, actor: UserActor, orgId: number) {
  actor.scope.assertVisible(orgId);
  const card = await findOrganizationCard(ctx.db, orgId);
  if (!card) return { card: null };
  return {
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      provider: card.provider,
      created_at: card.createdAt.toISOString(),
      needs_readding: !(await isChargeable(ctx.db, card)),
    },
  };
}

/** Starts saving the subscription card with the platform's provider (409 when the platform has none). */
export async function startSubscriptionCardSetup(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
): Promise<TCardSetup> {
  actor.scope.assertEditable(orgId);
  await assertOrganisation(ctx.db, orgId);
  return startCardSetup(ctx, providers, { scope: PLATFORM, owner: ownerOf(orgId) });
}

/**
 * Saves the card of a confirmed setup as the organisation's subscription card, with the
 * platform's provider and account that saved it; the card it replaces is let go at the provider.
 */
export async function saveSubscriptionCard(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
  setupId: string,
): Promise<void> {
  actor.scope.assertEditable(orgId);
  await assertOrganisation(ctx.db, orgId);
  const saved = await finishCardSetup(ctx, providers, { scope: PLATFORM, owner: ownerOf(orgId), setupId });
  const values = {
    orgId,
    provider: saved.kind,
    providerAccount: saved.account,
    paymentMethodId: saved.card.paymentMethod,
    customerId: saved.customer ?? '',
    brand: saved.card.brand,
    last4: saved.card.last4,
    expMonth: saved.card.expMonth,
    expYear: saved.card.expYear,
    createdAt: ctx.clock.now(),
  };
  const replaced = await ctx.db.transaction(async (tx) => {
    const before = await findOrganizationCard(tx, orgId);
    await tx
      .insert(organizationCards)
      .values(values)
      .onConflictDoUpdate({ target: organizationCards.orgId, set: values });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'organization_card',
      entityId: orgId,
      orgId,
      before: before ? { brand: before.brand, last4: before.last4, provider: before.provider } : null,
      after: { brand: values.brand, last4: values.last4, provider: values.provider },
    });
    return before;
  });
  if (replaced && replaced.paymentMethodId !== values.paymentMethodId) {
    await detachSavedCard(ctx, providers, { scope: PLATFORM, card: toDetach(replaced) });
  }
}

export async function removeSubscriptionCard(
  ctx: ServiceContext,
  providers: PaymentProviders,
  actor: UserActor,
  orgId: number,
): Promise<void> {
  actor.scope.assertEditable(orgId);
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(organizationCards).where(eq(organizationCards.orgId, orgId)).returning();
    if (!row) throw notFound();
    await writeAudit(tx, actor, { action: 'delete', entity: 'organization_card', entityId: orgId, orgId });
    return row;
  });
  await detachSavedCard(ctx, providers, { scope: PLATFORM, card: toDetach(removed) });
}

const toDetach = (card: OrganizationCardRow) => ({
  provider: card.provider,
  providerAccount: card.providerAccount,
  paymentMethod: card.paymentMethodId,
});
