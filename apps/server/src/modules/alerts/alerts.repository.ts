import type { AlertStatus, AlertType, TAlert } from '@vitrina/contract';
import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { micromarkets, technicalAlerts, users } from '../../db/schema/index.js';

export type AlertFilters = {
  orgIds: number[] | null;
  orgId?: number | undefined;
  micromarketId?: number | undefined;
  type?: AlertType | undefined;
  status?: AlertStatus | 'active' | 'all' | undefined;
  /** Opened from this day (inclusive) to this day (inclusive), UTC dates. */
  from?: string | undefined;
  to?: string | undefined;
};

const acknowledger = alias(users, 'acknowledger');
const resolver = alias(users, 'resolver');

const columns = {
  id: technicalAlerts.id,
  orgId: technicalAlerts.orgId,
  micromarketId: technicalAlerts.micromarketId,
  micromarketName: micromarkets.name,
  type: technicalAlerts.type,
  status: technicalAlerts.status,
  openedAt: technicalAlerts.openedAt,
  lastSeenAt: technicalAlerts.lastSeenAt,
  occurrences: technicalAlerts.occurrences,
  details: technicalAlerts.details,
  acknowledgedAt: technicalAlerts.acknowledgedAt,
  acknowledgedBy: acknowledger.name,
  resolvedAt: technicalAlerts.resolvedAt,
  resolvedBy: resolver.name,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(technicalAlerts)
    .innerJoin(micromarkets, eq(micromarkets.id, technicalAlerts.micromarketId))
    .leftJoin(acknowledger, eq(acknowledger.id, technicalAlerts.acknowledgedBy))
    .leftJoin(resolver, eq(resolver.id, technicalAlerts.resolvedBy));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

function toAlert(row: Row): TAlert {
  return {
    id: row.id,
    org_id: row.orgId,
    micromarket_id: row.micromarketId,
    micromarket_name: row.micromarketName,
    type: row.type as AlertType,
    status: row.status,
    opened_at: row.openedAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    occurrences: row.occurrences,
    details: row.details as Record<string, unknown>,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: row.acknowledgedBy,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy,
  };
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function whereOf(filters: AlertFilters, withStatus = true): SQL | undefined {
  const status = filters.status;
  return and(
    filters.orgIds === null ? undefined : inArray(technicalAlerts.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(technicalAlerts.orgId, filters.orgId),
    filters.micromarketId === undefined ? undefined : eq(technicalAlerts.micromarketId, filters.micromarketId),
    filters.type === undefined ? undefined : eq(technicalAlerts.type, filters.type),
    !withStatus || status === 'all'
      ? undefined
      : status === 'active' || status === undefined
        ? ne(technicalAlerts.status, 'resolved')
        : eq(technicalAlerts.status, status),
    filters.from ? gte(technicalAlerts.openedAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(technicalAlerts.openedAt, dayAfter(filters.to)) : undefined,
  );
}

const SORTS = { opened_at: technicalAlerts.openedAt, last_seen_at: technicalAlerts.lastSeenAt } as const;

export async function listAlerts(
  db: Db,
  filters: AlertFilters,
  page: { limit: number; offset: number },
  sort = '-opened_at',
): Promise<TAlert[]> {
  const column = SORTS[sort.replace(/^-/, '') as keyof typeof SORTS];
  const order = sort.startsWith('-') ? desc(column) : asc(column);
  const rows = await baseQuery(db)
    .where(whereOf(filters))
    .orderBy(order, desc(technicalAlerts.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toAlert);
}

export async function countAlerts(db: Db, filters: AlertFilters): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(technicalAlerts).where(whereOf(filters));
  return row?.count ?? 0;
}

/** Open and acknowledged alerts by type, under the filter's other conditions. */
export async function countActiveByType(db: Db, filters: AlertFilters): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: technicalAlerts.type, count: sql<number>`count(*)::int` })
    .from(technicalAlerts)
    .where(and(whereOf({ ...filters, type: undefined }, false), ne(technicalAlerts.status, 'resolved')))
    .groupBy(technicalAlerts.type);
  return Object.fromEntries(rows.map((row) => [String(row.type), row.count]));
}

export async function findAlert(db: Db, id: number): Promise<TAlert | null> {
  const [row] = await baseQuery(db).where(eq(technicalAlerts.id, id));
  return row ? toAlert(row) : null;
}

export type IncidentInput = {
  orgId: number;
  micromarketId: number;
  type: AlertType;
  at: Date;
  details: Record<string, unknown>;
};

/**
 * Opens an alert, or counts one more occurrence of the incident still open for this
 * micromarket and type (the partial unique index keeps one). Returns the alert's id and
 * whether it is new.
 */
export async function upsertIncident(db: Db, input: IncidentInput): Promise<{ id: number; isNew: boolean }> {
  const [row] = await db
    .insert(technicalAlerts)
    .values({
      orgId: input.orgId,
      micromarketId: input.micromarketId,
      type: input.type,
      openedAt: input.at,
      lastSeenAt: input.at,
      details: input.details,
    })
    .onConflictDoUpdate({
      target: [technicalAlerts.micromarketId, technicalAlerts.type],
      targetWhere: sql`${technicalAlerts.status} <> 'resolved'`,
      set: {
        lastSeenAt: sql`greatest(${technicalAlerts.lastSeenAt}, excluded.last_seen_at)`,
        occurrences: sql`${technicalAlerts.occurrences} + 1`,
        details: sql`${technicalAlerts.details} || excluded.details`,
      },
    })
    .returning({ id: technicalAlerts.id, occurrences: technicalAlerts.occurrences });
  return { id: row!.id, isNew: row!.occurrences === 1 };
}

/** The micromarket's latest alert of this type, locked until the transaction ends (a raise decides on it). */
export async function latestAlertOf(db: Db, input: Pick<IncidentInput, 'micromarketId' | 'type'>) {
  const [row] = await db
    .select({ id: technicalAlerts.id, status: technicalAlerts.status, resolvedAt: technicalAlerts.resolvedAt })
    .from(technicalAlerts)
    .where(and(eq(technicalAlerts.micromarketId, input.micromarketId), eq(technicalAlerts.type, input.type)))
    .orderBy(desc(technicalAlerts.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Opens a resolved alert again for an incident that came back within the quiet window: one
 * more occurrence and one more flap (`details.flaps`, `details.last_flap_at`), the new
 * reading merged in. False when it is no longer resolved.
 */
export async function reopenAlert(db: Db, id: number, input: IncidentInput): Promise<boolean> {
  const flap = sql`jsonb_build_object('flaps', coalesce((${technicalAlerts.details} ->> 'flaps')::int, 0) + 1,
    'last_flap_at', ${input.at.toISOString()}::text)`;
  const rows = await db
    .update(technicalAlerts)
    .set({
      status: 'open',
      lastSeenAt: sql`greatest(${technicalAlerts.lastSeenAt}, ${input.at.toISOString()}::timestamptz)`,
      occurrences: sql`${technicalAlerts.occurrences} + 1`,
      details: sql`${technicalAlerts.details} || ${JSON.stringify(input.details)}::jsonb || ${flap}`,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
    })
    .where(and(eq(technicalAlerts.id, id), eq(technicalAlerts.status, 'resolved')))
    .returning({ id: technicalAlerts.id });
  return rows.length > 0;
}

export async function setAlertStatus(
  db: Db,
  id: number,
  change: { status: 'acknowledged' | 'resolved'; at: Date; by: number | null },
): Promise<void> {
  await db
    .update(technicalAlerts)
    .set(
      change.status === 'acknowledged'
        ? { status: 'acknowledged', acknowledgedAt: change.at, acknowledgedBy: change.by }
        : { status: 'resolved', resolvedAt: change.at, resolvedBy: change.by },
    )
    .where(eq(technicalAlerts.id, id));
}
