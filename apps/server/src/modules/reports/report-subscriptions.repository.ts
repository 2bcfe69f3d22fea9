import type { Locale, ReportGrouping, TReportSubscription } from '@vitrina/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportDeliveries, reportSubscriptions } from '../../db/schema/index.js';
import { rowsOf } from './reports.repository.js';

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;
export type SubscriptionWrite = Partial<Omit<typeof reportSubscriptions.$inferInsert, 'id' | 'userId' | 'createdAt'>>;

type LastSent = { lastSentAt: Date | null; lastPeriod: string | null };

export function toSubscription(row: SubscriptionRow, last: LastSent): TReportSubscription {
  return {
    id: row.id,
    frequency: row.frequency,
    group_by: row.groupBy as ReportGrouping,
    format: row.format,
    org_ids: row.orgIds,
    top: row.top,
    time_zone: row.timeZone,
    hour: row.hour,
    active: row.active,
    last_sent_at: last.lastSentAt?.toISOString() ?? null,
    last_period: last.lastPeriod,
    created_at: row.createdAt.toISOString(),
  };
}

/** The last mail each subscription sent. */
async function lastSent(db: Db, ids: number[]): Promise<Map<number, LastSent>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT DISTINCT ON (subscription_id) subscription_id AS id, sent_at AS "sentAt", period_start::text AS period
    FROM report_deliveries
    WHERE status = 'sent' AND subscription_id = ANY(${`{${ids.join(',')}}`}::int[])
    ORDER BY subscription_id, period_start DESC`);
  return new Map(
    rowsOf<{ id: number; sentAt: string | Date; period: string }>(result).map((row) => [
      Number(row.id),
      { lastSentAt: new Date(row.sentAt), lastPeriod: row.period },
    ]),
  );
}

export async function listForUser(db: Db, userId: number): Promise<TReportSubscription[]> {
  const rows = await db
    .select()
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.userId, userId))
    .orderBy(asc(reportSubscriptions.id));
  const last = await lastSent(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubscription(row, last.get(row.id) ?? { lastSentAt: null, lastPeriod: null }));
}

export async function findOwn(db: Db, userId: number, id: number): Promise<TReportSubscription | null> {
  const [row] = await db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, userId)));
  if (!row) return null;
  const last = await lastSent(db, [row.id]);
  return toSubscription(row, last.get(row.id) ?? { lastSentAt: null, lastPeriod: null });
}

export async function countForUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reportSubscriptions).where(eq(reportSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function insertSubscription(db: Db, values: typeof reportSubscriptions.$inferInsert): Promise<number> {
  const [row] = await db.insert(reportSubscriptions).values(values).returning({ id: reportSubscriptions.id });
  return row!.id;
}

export async function updateOwn(db: Db, userId: number, id: number, values: SubscriptionWrite): Promise<boolean> {
  const rows = await db
    .update(reportSubscriptions)
    .set(values)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, userId)))
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}

export async function deleteOwn(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, userId)))
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}

/** Active subscriptions of active users, for the schedule job. */
export async function activeSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  const result = await db.execute(sql`
    SELECT s.id FROM report_subscriptions s JOIN users u ON u.id = s.user_id
    WHERE s.active AND u.active ORDER BY s.id`);
  const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reportSubscriptions)
    .where(sql`${reportSubscriptions.id} = ANY(${`{${ids.join(',')}}`}::int[])`)
    .orderBy(asc(reportSubscriptions.id));
}

/** Records a period as due; null when it was recorded before (the period is mailed once). */
export async function insertDelivery(
  db: Db,
  values: { subscriptionId: number; periodStart: string; periodEnd: string; now: Date },
): Promise<number | null> {
  const rows = await db
    .insert(reportDeliveries)
    .values({
      subscriptionId: values.subscriptionId,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: reportDeliveries.id });
  return rows[0]?.id ?? null;
}

export type DeliveryRow = typeof reportDeliveries.$inferSelect;

export async function findDelivery(
  db: Db,
  id: number,
): Promise<(DeliveryRow & { subscription: SubscriptionRow }) | null> {
  const [row] = await db
    .select({ delivery: reportDeliveries, subscription: reportSubscriptions })
    .from(reportDeliveries)
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
    .where(eq(reportDeliveries.id, id));
  return row ? { ...row.delivery, subscription: row.subscription } : null;
}

/**
 * Moves a delivery from `from` to `to`; false when it was not in `from` (another worker took
 * it, or it is done). Claiming `pending` → `sending` before the mail leaves is what keeps a
 * retried or doubled job from mailing a period twice.
 */
export async function moveDelivery(
  db: Db,
  id: number,
  from: DeliveryRow['status'],
  to: DeliveryRow['status'],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(reportDeliveries)
    .set({ status: to, ...(to === 'sent' ? { sentAt: now } : {}) })
    .where(and(eq(reportDeliveries.id, id), eq(reportDeliveries.status, from)))
    .returning({ id: reportDeliveries.id });
  return rows.length > 0;
}

/** The deliveries of a subscription, newest period first (tests and support). */
export async function deliveriesOf(db: Db, subscriptionId: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(reportDeliveries)
    .where(eq(reportDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(reportDeliveries.periodStart));
}

/** Who a scheduled report is for, as they are now: address, language, permissions and organisations. */
export type Recipient = {
  userId: number;
  email: string;
  lang: Locale;
  orgId: number;
  currency: string;
  permissions: string[];
  links: { orgId: number; level: number }[];
};

/** The user if they may still sign in to the panel (active employee of an active organisation). */
export async function findRecipient(db: Db, userId: number): Promise<Recipient | null> {
  const result = await db.execute(sql`
    SELECT u.id AS "userId", u.email, u.lang, o.id AS "orgId", o.currency,
      array(SELECT rp.permission FROM role_permissions rp WHERE rp.role_id = u.role_id) AS permissions,
      coalesce((SELECT json_agg(json_build_object('orgId', a.owner_org_id, 'level', a.access_level))
        FROM organization_access a WHERE a.grantee_org_id = u.org_id), '[]'::json) AS links
    FROM users u JOIN organizations o ON o.id = u.org_id
    WHERE u.id = ${userId} AND u.active AND o.active AND u.user_type = 2 AND u.email IS NOT NULL`);
  const row = rowsOf<Recipient>(result)[0];
  return row
    ? {
        ...row,
        userId: Number(row.userId),
        orgId: Number(row.orgId),
        links: row.links.map((link) => ({ orgId: Number(link.orgId), level: Number(link.level) })),
      }
    : null;
}
