import type { MessageKey } from '@vitrina/contract';
import { and, desc, eq, gt, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerBlocks,
  customerCards,
  deviceCommands,
  deviceEvents,
  doorSessions,
  type micromarkets,
  paymentSettings,
  shelfProducts,
  shelves,
  tags,
  transactions,
  users,
} from '../../db/schema/index.js';
import { readSettings } from '../micromarkets/index.js';
import { customerCardUsable } from '../payments/index.js';
import { abandonedWebSale, BELOW_MINIMUM } from '../sales/index.js';

/** §4 transaction statuses still running: 0 new, 3 processing, 4 processing at the provider. */
const UNCLOSED_STATUSES = [0, 3, 4];
/**
 * What holds the micromarket for everyone: a sale still new or processing, but not one only
 * waiting for the provider's answer (4): its door is closed and its reading taken, so the next
 * customer may open; only that sale (and its customer) waits for the answer or the reconciliation.
 */
const MICROMARKET_UNCLOSED_STATUSES = [0, 3];
/** §4 payment status 2: the customer's sale was not paid. */
const NOT_PAID = 2;
/** How long the device may be silent before it counts as unreachable, even if marked online. */
export const PING_TIMEOUT_MS = 5 * 60 * 1000;
/** The device event a micromarket sends when its neural camera connects or drops. */
export const NEURO_EVENT = 'neuro_connection';

/** The parts of the sales gate that other areas own, passed in so the rules stay testable. */
export type GateDependencies = {
  /** §8 "closed fiscal shift": true when the micromarket must not sell for lack of a fiscal shift. */
  fiscalShiftClosed: (db: Db, micromarketId: number, now: Date) => Promise<boolean>;
  /** §8 "unpaid/inactive subscription": the refusal of the subscription area, or null. */
  subscriptionRefusal: (db: Db, micromarketId: number, now: Date) => Promise<MessageKey | null>;
};

export type Micromarket = Pick<
  typeof micromarkets.$inferSelect,
  'id' | 'orgId' | 'active' | 'connection' | 'lastActivityAt' | 'door' | 'lockedAt' | 'settings'
>;

export type GateFacts = {
  db: Db;
  micromarket: Micromarket;
  customerId: number | null;
  now: Date;
  deps: GateDependencies;
};

/** One §8 reason: the key it answers and whether it applies. Rules run in the list's order. */
export type RefusalRule = { name: string; key: MessageKey; applies: (facts: GateFacts) => Promise<boolean> };

async function exists(query: Promise<unknown[]>) {
  return (await query).length > 0;
}

export const fiscalShiftRule: RefusalRule = {
  name: 'fiscal shift closed',
  key: 'payment.refusal.fiscal_shift_closed',
  applies: ({ db, micromarket, now, deps }) => deps.fiscalShiftClosed(db, micromarket.id, now),
};

export const previousUnclosedRule: RefusalRule = {
  name: 'previous transaction unclosed',
  key: 'payment.refusal.previous_unclosed',
  applies: ({ db, micromarket, customerId, now }) => {
    // A web sale whose door never opened (its command failed or ran out) is not waiting for anything.
    const abandoned = abandonedWebSale(now);
    const running = and(inArray(transactions.status, UNCLOSED_STATUSES), not(abandoned));
    const ofThisMicromarket = and(
      eq(transactions.micromarketId, micromarket.id),
      inArray(transactions.status, MICROMARKET_UNCLOSED_STATUSES),
      not(abandoned),
    );
    // An amount below the provider's minimum is not the customer's debt: it is written off.
    const unpaid = and(
      eq(transactions.paymentStatus, NOT_PAID),
      sql`${transactions.errorCode} IS DISTINCT FROM ${BELOW_MINIMUM}`,
    );
    const ofThisCustomer =
      customerId === null ? undefined : and(eq(transactions.customerId, customerId), or(running, unpaid));
    return exists(
      db.select({ id: transactions.id }).from(transactions).where(or(ofThisMicromarket, ofThisCustomer)).limit(1),
    );
  },
};

export const noConnectionRule: RefusalRule = {
  name: 'no ping/connection',
  key: 'payment.refusal.no_connection',
  applies: async ({ micromarket, now }) => {
    if (micromarket.connection !== 'online' || !micromarket.lastActivityAt) return true;
    return now.getTime() - micromarket.lastActivityAt.getTime() > PING_TIMEOUT_MS;
  },
};

export const courierUnfinishedRule: RefusalRule = {
  name: 'courier operation unfinished',
  key: 'payment.refusal.courier_unfinished',
  applies: async ({ db, micromarket, now }) => {
    const openSession = exists(
      db
        .select({ id: doorSessions.id })
        .from(doorSessions)
        .where(
          and(
            eq(doorSessions.micromarketId, micromarket.id),
            eq(doorSessions.kind, 'courier'),
            isNull(doorSessions.closedAt),
          ),
        )
        .limit(1),
    );
    const pendingOpening = exists(
      db
        .select({ id: deviceCommands.id })
        .from(deviceCommands)
        .where(
          and(
            eq(deviceCommands.micromarketId, micromarket.id),
            eq(deviceCommands.type, 'open_door'),
            inArray(deviceCommands.status, ['queued', 'sent']),
            gt(deviceCommands.expiresAt, now),
            sql`${deviceCommands.payload}->>'session_kind' = 'courier'`,
          ),
        )
        .limit(1),
    );
    return (await openSession) || (await pendingOpening);
  },
};

export const doorOpenRule: RefusalRule = {
  name: 'door open',
  key: 'payment.refusal.door_open',
  applies: async ({ micromarket }) => micromarket.door === 'open',
};

export const expiredProductsRule: RefusalRule = {
  name: 'expired or damaged products',
  key: 'payment.refusal.expired_products',
  applies: async ({ db, micromarket, now }) => {
    if (micromarket.lockedAt) return true;
    return exists(
      db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.micromarketId, micromarket.id), eq(tags.status, 'in_micromarket'), lt(tags.storeUpTo, now)))
        .limit(1),
    );
  },
};

export const blockedRule: RefusalRule = {
  name: 'blocked from the cabinet',
  key: 'payment.refusal.blocked',
  // Blocked by the micromarket's organisation (its operators' blacklist), or the account
  // deactivated. Another organisation's block never counts here: each blocks from its own cabinets.
  applies: async ({ db, micromarket, customerId }) => {
    if (customerId === null) return false;
    const blockedHere = sql`EXISTS (SELECT 1 FROM ${customerBlocks}
      WHERE ${customerBlocks.customerId} = ${customerId} AND ${customerBlocks.orgId} = ${micromarket.orgId})`;
    return exists(
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, customerId), or(eq(users.active, false), blockedHere)))
        .limit(1),
    );
  },
};

export const noPaymentSettingsRule: RefusalRule = {
  name: 'no payment type settings',
  key: 'payment.refusal.no_payment_settings',
  applies: async ({ db, micromarket, customerId }) => {
    const s = readSettings(micromarket.settings);
    const anyWay =
      s.payment_rfid || s.payment_scales || s.payment_neuro || s.payment_barcode || s.payment_coffee_machine;
    if (!anyWay) return true;
    const hasSettings = await exists(
      db
        .select({ orgId: paymentSettings.orgId })
        .from(paymentSettings)
        .where(eq(paymentSettings.orgId, micromarket.orgId))
        .limit(1),
    );
    if (!hasSettings || customerId === null) return !hasSettings;
    // An identified customer pays with a saved card: one saved with another provider or
    // account (the organisation switched) is as none, so the door stays shut until it is added again.
    return !(await exists(
      db
        .select({ id: customerCards.id })
        .from(customerCards)
        .where(
          and(
            eq(customerCards.userId, customerId),
            eq(customerCards.active, true),
            customerCardUsable('"customer_cards"'),
          ),
        )
        .limit(1),
    ));
  },
};

export const noProductsRule: RefusalRule = {
  name: 'no products',
  key: 'payment.refusal.no_products',
  applies: async ({ db, micromarket }) => {
    const tagged = exists(
      db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.micromarketId, micromarket.id), eq(tags.status, 'in_micromarket')))
        .limit(1),
    );
    const weighed = readSettings(micromarket.settings).payment_scales
      ? exists(
          db
            .select({ id: shelves.id })
            .from(shelves)
            .innerJoin(shelfProducts, eq(shelfProducts.shelfId, shelves.id))
            .where(and(eq(shelves.micromarketId, micromarket.id), gt(shelves.weightGrams, 0)))
            .limit(1),
        )
      : Promise.resolve(false);
    return !(await tagged) && !(await weighed);
  },
};

export const noNeuroRule: RefusalRule = {
  name: 'no neuro connection',
  key: 'payment.refusal.no_neuro',
  applies: async ({ db, micromarket }) => {
    if (!readSettings(micromarket.settings).payment_neuro) return false;
    const [last] = await db
      .select({ details: deviceEvents.details })
      .from(deviceEvents)
      .where(and(eq(deviceEvents.micromarketId, micromarket.id), eq(deviceEvents.kind, NEURO_EVENT)))
      .orderBy(desc(deviceEvents.id))
      .limit(1);
    // Never reported: the camera is as good as absent, a neuro micromarket cannot sell blind.
    return (last?.details as { connected?: unknown } | undefined)?.connected !== true;
  },
};

/** §4 transaction status 2: manual processing, the operator checks (and corrects) what was taken. */
const MANUAL_PROCESSING = 2;

export const miscountedRule: RefusalRule = {
  name: 'incorrectly counted products',
  key: 'payment.refusal.products_miscounted',
  applies: ({ db, customerId }) => {
    if (customerId === null) return Promise.resolve(false);
    return exists(
      db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.customerId, customerId), eq(transactions.status, MANUAL_PROCESSING)))
        .limit(1),
    );
  },
};

export const subscriptionRule: RefusalRule = {
  name: 'unpaid/inactive subscription',
  key: 'payment.refusal.subscription_inactive',
  applies: async ({ db, micromarket, now, deps }) => (await deps.subscriptionRefusal(db, micromarket.id, now)) !== null,
};

/**
 * §8's order. The unknown micromarket is answered before any rule (there is nothing to ask
 * the others about); "incorrectly counted products" refuses a customer whose last sale waits
 * for the operator's product correction (manual processing).
 */
export const REFUSAL_RULES: readonly RefusalRule[] = [
  fiscalShiftRule,
  previousUnclosedRule,
  noConnectionRule,
  courierUnfinishedRule,
  doorOpenRule,
  expiredProductsRule,
  blockedRule,
  noPaymentSettingsRule,
  noProductsRule,
  noNeuroRule,
  miscountedRule,
  subscriptionRule,
];
