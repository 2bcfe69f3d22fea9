import type { PushAudience, PushImportance, PushStatus, TPushMessage } from '@vitrina/contract';
import { USER_KIND } from '@vitrina/contract';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { organizations, pushDeliveries, pushMessages, userGroups, users } from '../../db/schema/index.js';
import { escapeLike, pgArray, rowsOf } from '../../lib/sql.js';

/** Who a message is for: read when it is previewed, queued, and again batch by batch when it is sent. */
export type Audience = {
  orgId: number;
  audience: PushAudience;
  groupIds: readonly number[];
  userId: number | null;
  phone: string | null;
};

/** The audience's customers: active type-1 users of the organisation matching the audience. */
function audienceWhere(audience: Audience): SQL {
  const base = sql`u.org_id = ${audience.orgId} AND u.user_type = ${USER_KIND.client} AND u.active`;
  switch (audience.audience) {
    case 'all':
      return base;
    case 'groups':
      // Only the organisation's own groups count, whatever ids the row holds.
      return sql`${base} AND EXISTS (SELECT 1 FROM user_group_phones p JOIN ${userGroups} g ON g.id = p.group_id
        WHERE p.group_id = ANY(${pgArray(audience.groupIds)}::int[]) AND g.org_id = u.org_id AND p.phone = ANY(u.phones))`;
    case 'user':
      return sql`${base} AND u.id = ${audience.userId ?? 0}`;
    case 'phone':
      return sql`${base} AND ${audience.phone ?? ''} = ANY(u.phones)`;
  }
}

export async function countAudience(db: Db, audience: Audience): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM ${users} u WHERE ${audienceWhere(audience)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** How many of the audience already had `limit` messages of the importance this month. */
export async function countOverLimit(
  db: Db,
  audience: Audience,
  importance: PushImportance,
  monthStart: Date,
): Promise<number> {
  const limit = importance === 'important' ? sql`u.push_limit_important` : sql`u.push_limit_unimportant`;
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM ${users} u
    WHERE ${audienceWhere(audience)} AND ${limit} <= (
      SELECT count(*) FROM ${pushDeliveries} d WHERE d.user_id = u.id AND d.importance = ${importance}
        AND d.status = 'delivered' AND d.delivered_at >= ${monthStart.toISOString()}::timestamptz)`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export type Recipient = { id: number; limit: number };

/** The next customers of the audience after `afterId`, in id order, with their monthly limit for the importance. */
export async function nextRecipients(
  db: Db,
  audience: Audience,
  importance: PushImportance,
  afterId: number,
  size: number,
): Promise<Recipient[]> {
  const limit = importance === 'important' ? sql`u.push_limit_important` : sql`u.push_limit_unimportant`;
  const result = await db.execute(sql`
    SELECT u.id, ${limit} AS "limit" FROM ${users} u
    WHERE ${audienceWhere(audience)} AND u.id > ${afterId} ORDER BY u.id LIMIT ${size}`);
  return rowsOf<{ id: number; limit: number }>(result).map((row) => ({ id: row.id, limit: Number(row.limit) }));
}

/** Delivered messages of the importance since `monthStart`, per customer of `userIds`. */
export async function monthlyCounts(
  db: Db,
  userIds: readonly number[],
  importance: PushImportance,
  monthStart: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT user_id, count(*)::int AS n FROM ${pushDeliveries}
    WHERE user_id = ANY(${pgArray(userIds)}::int[]) AND importance = ${importance} AND status = 'delivered'
      AND delivered_at >= ${monthStart.toISOString()}::timestamptz
    GROUP BY user_id`);
  return new Map(rowsOf<{ user_id: number; n: number }>(result).map((row) => [row.user_id, Number(row.n)]));
}

/** `retry`: the provider asked to be called again later; the send job comes back for these rows. */
export type DeliveryStatus = 'pending' | 'delivered' | 'skipped_limit' | 'failed' | 'retry';

/** Records one row per customer; a customer the message already has a row for is left as it is (answered without it). */
export async function insertDeliveries(
  db: Db,
  input: {
    messageId: number;
    importance: PushImportance;
    now: Date;
    rows: { userId: number; status: DeliveryStatus; error?: string | null }[];
  },
): Promise<{ userId: number; status: DeliveryStatus }[]> {
  if (input.rows.length === 0) return [];
  const now = input.now.toISOString();
  const result = await db.execute(sql`
    INSERT INTO ${pushDeliveries} (message_id, user_id, importance, status, error, created_at, delivered_at)
    SELECT ${input.messageId}, t.user_id, ${input.importance}, t.status, t.error, ${now}::timestamptz,
      CASE WHEN t.status = 'delivered' THEN ${now}::timestamptz END
    FROM unnest(
      ${pgArray(input.rows.map((row) => row.userId))}::int[],
      ${pgArray(input.rows.map((row) => row.status))}::text[],
      ${pgArray(input.rows.map((row) => row.error ?? null))}::text[]
    ) AS t(user_id, status, error)
    ON CONFLICT (message_id, user_id) DO NOTHING
    RETURNING user_id, status`);
  return rowsOf<{ user_id: number; status: DeliveryStatus }>(result).map((row) => ({
    userId: row.user_id,
    status: row.status,
  }));
}

/** Settles pending rows with what the provider answered: delivered, failed, or `retry` for a refusal for now. */
export async function settleDeliveries(
  db: Db,
  messageId: number,
  now: Date,
  outcomes: { userId: number; error: string | null; retryAfterMs?: number }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const statuses = outcomes.map((row) =>
    row.error === null ? 'delivered' : row.retryAfterMs === undefined ? 'failed' : 'retry',
  );
  await db.execute(sql`
    UPDATE ${pushDeliveries} d SET
      status = t.status,
      delivered_at = CASE WHEN t.error IS NULL THEN ${now.toISOString()}::timestamptz END,
      error = t.error
    FROM unnest(
      ${pgArray(outcomes.map((row) => row.userId))}::int[],
      ${pgArray(outcomes.map((row) => row.error))}::text[],
      ${pgArray(statuses)}::text[]
    ) AS t(user_id, error, status)
    WHERE d.message_id = ${messageId} AND d.user_id = t.user_id AND d.status = 'pending'`);
}

/** The customers whose rows wait for a retry, in id order; taken as `pending` again for this run. */
export async function takeRetries(db: Db, messageId: number, limit: number): Promise<number[]> {
  const result = await db.execute(sql`
    UPDATE ${pushDeliveries} SET status = 'pending'
    WHERE id IN (
      SELECT id FROM ${pushDeliveries} WHERE message_id = ${messageId} AND status = 'retry' ORDER BY user_id LIMIT ${limit}
    )
    RETURNING user_id`);
  return rowsOf<{ user_id: number }>(result)
    .map((row) => row.user_id)
    .sort((a, b) => a - b);
}

/** Rows still waiting for a retry when the send gives up: failed with the provider's last answer. */
export async function failRetries(db: Db, messageId: number): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${pushDeliveries} SET status = 'failed' WHERE message_id = ${messageId} AND status = 'retry' RETURNING id`);
  return rowsOf<{ id: number }>(result).length;
}

export async function countRetries(db: Db, messageId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM ${pushDeliveries} WHERE message_id = ${messageId} AND status = 'retry'`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Pending rows a cut-off send left behind: whether the provider took them is not known. */
export async function failPendingDeliveries(db: Db, messageId: number, error: string): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${pushDeliveries} SET status = 'failed', error = ${error}
    WHERE message_id = ${messageId} AND status = 'pending' RETURNING id`);
  return rowsOf<{ id: number }>(result).length;
}

export type MessageRow = typeof pushMessages.$inferSelect;

export async function lockMessage(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(pushMessages).where(eq(pushMessages.id, id)).for('update');
  return row ?? null;
}

export async function insertMessage(db: Db, values: typeof pushMessages.$inferInsert): Promise<number> {
  const [row] = await db.insert(pushMessages).values(values).returning({ id: pushMessages.id });
  return row!.id;
}

export async function updateMessage(db: Db, id: number, values: Partial<typeof pushMessages.$inferInsert>) {
  await db.update(pushMessages).set(values).where(eq(pushMessages.id, id));
}

/** Adds to the counters and moves the cursor in one statement. */
export async function advanceMessage(
  db: Db,
  id: number,
  step: { cursor?: number; delivered?: number; skippedLimit?: number; failed?: number },
) {
  await db
    .update(pushMessages)
    .set({
      ...(step.cursor === undefined ? {} : { cursor: step.cursor }),
      delivered: sql`${pushMessages.delivered} + ${step.delivered ?? 0}`,
      skippedLimit: sql`${pushMessages.skippedLimit} + ${step.skippedLimit ?? 0}`,
      failed: sql`${pushMessages.failed} + ${step.failed ?? 0}`,
    })
    .where(eq(pushMessages.id, id));
}

export type MessageFilters = {
  orgIds: number[] | null;
  orgId?: number | undefined;
  status?: PushStatus | undefined;
  q?: string | undefined;
};

const author = alias(users, 'author');
const addressee = alias(users, 'addressee');
const iso = (value: Date | null) => value?.toISOString() ?? null;

function whereOf(filters: MessageFilters): SQL | undefined {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : null;
  return and(
    filters.orgIds === null ? undefined : inArray(pushMessages.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(pushMessages.orgId, filters.orgId),
    filters.status ? eq(pushMessages.status, filters.status) : undefined,
    pattern ? or(ilike(pushMessages.title, pattern), ilike(pushMessages.body, pattern)) : undefined,
  );
}

function rowsQuery(db: Db) {
  return db
    .select({
      message: pushMessages,
      orgName: organizations.name,
      timeZone: organizations.timeZone,
      authorName: author.name,
      userName: addressee.name,
      groupNames: sql<string[]>`coalesce((SELECT array_agg(g.name ORDER BY g.name) FROM ${userGroups} g
        WHERE g.id = ANY(${pushMessages.groupIds})), '{}'::text[])`,
    })
    .from(pushMessages)
    .innerJoin(organizations, eq(organizations.id, pushMessages.orgId))
    .leftJoin(author, eq(author.id, pushMessages.createdBy))
    .leftJoin(addressee, eq(addressee.id, pushMessages.userId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function toMessage(row: JoinedRow): TPushMessage {
  const m = row.message;
  return {
    id: m.id,
    org_id: m.orgId,
    org_name: row.orgName,
    time_zone: row.timeZone,
    importance: m.importance,
    title: m.title,
    body: m.body,
    action: m.action,
    extra: m.extra,
    audience: m.audience,
    group_ids: m.groupIds,
    group_names: row.groupNames,
    user_id: m.userId,
    user_name: row.userName,
    phone: m.phone,
    send_at: m.sendAt.toISOString(),
    status: m.status,
    recipients: m.recipients,
    delivered: m.delivered,
    skipped_limit: m.skippedLimit,
    failed: m.failed,
    error: m.error,
    created_by_name: row.authorName,
    created_at: m.createdAt.toISOString(),
    started_at: iso(m.startedAt),
    finished_at: iso(m.finishedAt),
    cancelled_at: iso(m.cancelledAt),
  };
}

export async function findMessage(db: Db, id: number): Promise<TPushMessage | null> {
  const [row] = await rowsQuery(db).where(eq(pushMessages.id, id));
  return row ? toMessage(row) : null;
}

export async function listMessages(db: Db, filters: MessageFilters, page: { limit: number; offset: number }) {
  const rows = await rowsQuery(db)
    .where(whereOf(filters))
    .orderBy(desc(pushMessages.sendAt), desc(pushMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toMessage);
}

export async function countMessages(db: Db, filters: MessageFilters): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(pushMessages).where(whereOf(filters));
  return Number(row?.total ?? 0);
}

/** The organisation's groups among `ids` (others do not exist for this message). */
export async function orgGroupIds(db: Db, orgId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, [...ids])));
  return rows.map((row) => row.id);
}

/** The organisation's clock and currency (its country's calling code for local phone numbers). */
export async function orgClock(db: Db, orgId: number) {
  const [row] = await db
    .select({ timeZone: organizations.timeZone, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row ?? { timeZone: 'UTC', currency: 'UAH' as const };
}

/** An active customer of the organisation, by id. */
export async function findCustomer(db: Db, orgId: number, id: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.orgId, orgId), eq(users.userType, USER_KIND.client), eq(users.active, true)));
  return row ?? null;
}
