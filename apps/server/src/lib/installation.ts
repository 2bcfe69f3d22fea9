import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { installation } from '../db/schema/index.js';

/**
 * This installation's prefix of the idempotency keys (and metadata keys) sent to payment
 * providers: random, made by the first start and kept in the database, so every instance of
 * one installation shares it and a second installation (its own database) on the same Stripe
 * account never does. Two instances starting at once both insert; the first wins, both read it.
 * A copy of the database taken for another installation must be given a new one
 * (docs/decisions/064-stripe-money-flows.md, "Installation prefix on idempotency keys").
 */
export async function installationKeyPrefix(db: Db): Promise<string> {
  await db
    .insert(installation)
    .values({ id: 1, keyPrefix: `v${randomBytes(6).toString('hex')}` })
    .onConflictDoNothing();
  const [row] = await db.select({ keyPrefix: installation.keyPrefix }).from(installation);
  return row!.keyPrefix;
}
