import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentSettings, platformPaymentSettings } from '../../db/schema/index.js';
import { type PaymentProvider, PaymentProviderError } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';
import { TEST_PROVIDER_ACCOUNT } from './test-bank/test-cards.js';

/** Whose payment system: an organisation's own (its customers' cards), or the platform's (subscription cards). */
export type SettingsScope = { kind: 'org'; orgId: number } | { kind: 'platform' };

/** What a saved card keeps of where it was saved. */
export type CardOrigin = { provider: string; providerAccount: string | null };

type SettingsFacts = { provider: string; accountId: string | null; updatedAt: Date };

/**
 * The account a settings row acts for: the test provider has one; a Stripe account is asked
 * once (GET /v1/account) and kept on the row, unless the row changed meanwhile (a new key may
 * be another account, so only the row read is completed, never a newer one).
 */
export async function accountOf(
  db: Db,
  providers: PaymentProviders,
  scope: SettingsScope,
  found: { row: SettingsFacts; provider: PaymentProvider },
): Promise<string> {
  if (found.row.provider === 'test') return TEST_PROVIDER_ACCOUNT;
  if (found.row.accountId) return found.row.accountId;
  const accountId = await found.provider.accountId();
  if (scope.kind === 'org') {
    await db
      .update(paymentSettings)
      .set({ accountId })
      .where(
        and(
          eq(paymentSettings.orgId, scope.orgId),
          isNull(paymentSettings.accountId),
          eq(paymentSettings.updatedAt, found.row.updatedAt),
        ),
      );
    providers.forgetSettings(scope.orgId);
  } else {
    await db
      .update(platformPaymentSettings)
      .set({ accountId })
      .where(
        and(isNull(platformPaymentSettings.accountId), eq(platformPaymentSettings.updatedAt, found.row.updatedAt)),
      );
  }
  return accountId;
}

/**
 * Learns a Stripe account right after its key is saved, so the cards saved with that account
 * before (the same account under a new key, or after switching back) are charged again at
 * once. Best effort: a key Stripe refuses, or no answer, leaves it to the next card setup.
 */
export async function learnAccount(
  db: Db,
  providers: PaymentProviders,
  scope: SettingsScope,
  found: { row: SettingsFacts; provider: PaymentProvider } | null,
): Promise<void> {
  if (found?.row.provider !== 'stripe' || found.row.accountId) return;
  try {
    await accountOf(db, providers, scope, found);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
  }
}

/** The account a settings row is known to act for, without asking (null: a Stripe account not learned yet). */
export function knownAccountOf(row: { provider: string; accountId: string | null } | null): string | null {
  if (!row) return null;
  return row.provider === 'test' ? TEST_PROVIDER_ACCOUNT : row.accountId;
}

/**
 * A card is only ever sent to the provider and account that saved it: a Stripe payment method
 * exists in one Stripe account, and a test card means nothing to Stripe (nor the reverse).
 */
export function cardMatches(card: CardOrigin, provider: string | null, account: string | null): boolean {
  if (provider === null || card.provider !== provider) return false;
  if (provider === 'test') return true;
  return account !== null && card.providerAccount === account;
}

/**
 * SQL for "the customer card row aliased `alias` can be charged through its organisation's
 * payment settings now" — `cardMatches` in the database, for the sales and orders queries.
 */
export function customerCardUsable(alias: string): SQL {
  return sql.raw(
    `EXISTS (SELECT 1 FROM payment_settings ps WHERE ps.org_id = ${alias}.org_id AND ps.provider = ${alias}.provider` +
      ` AND (${alias}.provider = 'test' OR ${alias}.provider_account = ps.account_id))`,
  );
}
