import type { MessageKey } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets, organizations, saleRefusals } from '../../db/schema/index.js';
import { fiscalShiftClosed } from '../fiscal/index.js';
import { subscriptionRefusal } from '../subscriptions/index.js';
import { type GateDependencies, REFUSAL_RULES, type RefusalRule } from './refusal-rules.js';

/** The real owners of the two borrowed reasons: the fiscal shift and the subscription. */
export const DEFAULT_GATE_DEPENDENCIES: GateDependencies = { fiscalShiftClosed, subscriptionRefusal };

export type GateInput = {
  micromarketId: number;
  customerId?: number | null;
  now: Date;
  deps?: Partial<GateDependencies>;
  rules?: readonly RefusalRule[];
};

/**
 * §8's payment rejection reasons, asked before a door opens for a customer: the key of the
 * first that applies, or null when the customer may open. An unknown micromarket and a
 * deactivated organisation are answered before any rule. See docs/decisions/036-payment-rejection-reasons.md.
 */
export async function customerOpenRefusal(db: Db, input: GateInput): Promise<MessageKey | null> {
  const [micromarket] = await db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      active: micromarkets.active,
      connection: micromarkets.connection,
      lastActivityAt: micromarkets.lastActivityAt,
      door: micromarkets.door,
      lockedAt: micromarkets.lockedAt,
      settings: micromarkets.settings,
      isOrgActive: organizations.active,
    })
    .from(micromarkets)
    .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
    .where(eq(micromarkets.id, input.micromarketId));
  if (!micromarket?.active) return 'payment.refusal.unknown_micromarket';
  // A deactivated organisation stops selling at once, whatever the rules would say.
  if (!micromarket.isOrgActive) return 'payment.refusal.organization_inactive';
  const facts = {
    db,
    micromarket,
    customerId: input.customerId ?? null,
    now: input.now,
    deps: { ...DEFAULT_GATE_DEPENDENCIES, ...input.deps },
  };
  for (const rule of input.rules ?? REFUSAL_RULES) {
    if (await rule.applies(facts)) return rule.key;
  }
  return null;
}

/**
 * Keeps a refused attempt for the error analytics: §8's reasons only (`payment.refusal.*`),
 * with the micromarket's organisation.
 */
export async function recordRefusal(
  db: Db,
  input: { micromarketId: number; reason: MessageKey; customerId?: number | null; at: Date },
): Promise<void> {
  if (!input.reason.startsWith('payment.refusal.')) return;
  await db.execute(sql`
    INSERT INTO ${saleRefusals} (org_id, micromarket_id, reason, customer_id, at)
    SELECT org_id, id, ${input.reason}, ${input.customerId ?? null}, ${input.at.toISOString()}::timestamptz
    FROM ${micromarkets} WHERE id = ${input.micromarketId}`);
}
