import type { TMicromarket, TMicromarketOptions } from '@vitrina/contract';
import { DEFAULT_FLEET_THRESHOLDS } from '@vitrina/contract';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCommands, doorSessions, fleetThresholds, micromarkets, tags } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { maxDiscountSql } from './discounts.repository.js';

/** The micromarkets of the given organisations (null: all), by name, for pickers and filters. */
export async function listMicromarketOptions(db: Db, orgIds: number[] | null): Promise<TMicromarketOptions['items']> {
  return db
    .select({ id: micromarkets.id, org_id: micromarkets.orgId, name: micromarkets.name, address: micromarkets.address })
    .from(micromarkets)
    .where(orgIds === null ? undefined : inArray(micromarkets.orgId, orgIds))
    .orderBy(asc(micromarkets.name), asc(micromarkets.id));
}

export type MicromarketFilters = {
  orgIds: number[] | null;
  orgId?: number | undefined;
  q?: string | undefined;
  connection?: 'online' | 'offline' | undefined;
  door?: 'open' | 'closed' | undefined;
  temperature?: 'in_range' | 'out_of_range' | undefined;
  onMaintenance?: boolean | undefined;
  locked?: boolean | undefined;
};

// An organisation without its own thresholds has the contract's defaults.
const temperatureMin = sql`coalesce(${fleetThresholds.temperatureMin}, ${DEFAULT_FLEET_THRESHOLDS.temperature_min}::real)`;
const temperatureMax = sql`coalesce(${fleetThresholds.temperatureMax}, ${DEFAULT_FLEET_THRESHOLDS.temperature_max}::real)`;
const isOutOfRange = sql`(${micromarkets.temperature} < ${temperatureMin} or ${micromarkets.temperature} > ${temperatureMax})`;
const temperatureState = sql<'in_range' | 'out_of_range' | null>`case when ${micromarkets.temperature} is null then null
  when ${isOutOfRange} then 'out_of_range' else 'in_range' end`;
const onMaintenance = sql<boolean>`coalesce((${micromarkets.settings}->>'on_maintenance')::boolean, false)`;
/** The card's columns; its discount is the one in force at `now`, as the door close prices with. */
function columnsAt(now: Date) {
  return { row: micromarkets, temperatureState, onMaintenance, discountPercent: maxDiscountSql(micromarkets.id, now) };
}

function baseQuery(db: Db, now: Date) {
  return db
    .select(columnsAt(now))
    .from(micromarkets)
    .leftJoin(fleetThresholds, eq(fleetThresholds.orgId, micromarkets.orgId));
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number];
const iso = (value: Date | null) => value?.toISOString() ?? null;

function toMicromarket({ row, temperatureState: state, onMaintenance: maintenance, discountPercent: discount }: Row) {
  return {
    id: row.id,
    org_id: row.orgId,
    active: row.active,
    name: row.name,
    address: row.address,
    description: row.description,
    location_description: row.locationDescription,
    serial_number: row.serialNumber,
    latitude: row.latitude,
    longitude: row.longitude,
    courier_latitude: row.courierLatitude,
    courier_longitude: row.courierLongitude,
    country: row.country,
    subscription_price: row.subscriptionPriceMinor,
    connection: row.connection,
    last_activity_at: iso(row.lastActivityAt),
    temperature: row.temperature,
    temperature_state: state,
    defrosting: row.defrosting,
    door: row.door,
    ip: row.ip,
    mac_address: row.macAddress,
    platform: row.platform,
    firmware: row.firmware,
    locked: row.lockedAt !== null,
    locked_at: iso(row.lockedAt),
    lock_reason: row.lockReason,
    on_maintenance: maintenance === true,
    discount_percent: discount,
    token_issued_at: iso(row.tokenIssuedAt),
    created_at: row.createdAt.toISOString(),
  } satisfies TMicromarket;
}

function whereOf(filters: MicromarketFilters): SQL | undefined {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : null;
  return and(
    filters.orgIds === null ? undefined : inArray(micromarkets.orgId, filters.orgIds),
    filters.orgId === undefined ? undefined : eq(micromarkets.orgId, filters.orgId),
    pattern
      ? or(
          ilike(micromarkets.name, pattern),
          ilike(micromarkets.address, pattern),
          ilike(micromarkets.serialNumber, pattern),
        )
      : undefined,
    filters.connection ? eq(micromarkets.connection, filters.connection) : undefined,
    filters.door ? eq(micromarkets.door, filters.door) : undefined,
    filters.temperature === 'out_of_range' ? isOutOfRange : undefined,
    filters.temperature === 'in_range' ? and(isNotNull(micromarkets.temperature), sql`not ${isOutOfRange}`) : undefined,
    filters.onMaintenance === undefined ? undefined : sql`${onMaintenance} = ${filters.onMaintenance}`,
    filters.locked === undefined
      ? undefined
      : filters.locked
        ? isNotNull(micromarkets.lockedAt)
        : isNull(micromarkets.lockedAt),
  );
}

const SORTS = {
  name: micromarkets.name,
  serial_number: micromarkets.serialNumber,
  last_activity_at: micromarkets.lastActivityAt,
  temperature: micromarkets.temperature,
  created_at: micromarkets.createdAt,
} as const;

function orderOf(sort: string | undefined): SQL[] {
  const key = (sort ?? 'name').replace(/^-/, '') as keyof typeof SORTS;
  const column = SORTS[key] ?? micromarkets.name;
  // Nulls (never reported) go last either way.
  const order = sort?.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return [order, asc(micromarkets.id)];
}

export async function listMicromarkets(
  db: Db,
  filters: MicromarketFilters,
  page: { limit: number; offset: number },
  sort: string | undefined,
  now: Date,
): Promise<TMicromarket[]> {
  const rows = await baseQuery(db, now)
    .where(whereOf(filters))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toMicromarket);
}

export async function countMicromarkets(db: Db, filters: MicromarketFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(micromarkets)
    .leftJoin(fleetThresholds, eq(fleetThresholds.orgId, micromarkets.orgId))
    .where(whereOf(filters));
  return row?.count ?? 0;
}

export async function findMicromarket(db: Db, id: number, now: Date): Promise<TMicromarket | null> {
  const [row] = await baseQuery(db, now).where(eq(micromarkets.id, id));
  return row ? toMicromarket(row) : null;
}

/** The stored settings document and organisation, for the settings calls. */
export async function findSettingsRow(db: Db, id: number): Promise<{ orgId: number; settings: unknown } | null> {
  const [row] = await db
    .select({ orgId: micromarkets.orgId, settings: micromarkets.settings })
    .from(micromarkets)
    .where(eq(micromarkets.id, id));
  return row ?? null;
}

export async function findIdBySerial(db: Db, serial: string, exceptId?: number): Promise<number | null> {
  const [row] = await db
    .select({ id: micromarkets.id })
    .from(micromarkets)
    .where(
      and(eq(micromarkets.serialNumber, serial), exceptId === undefined ? undefined : ne(micromarkets.id, exceptId)),
    )
    .limit(1);
  return row?.id ?? null;
}

export type MicromarketWrite = Partial<typeof micromarkets.$inferInsert>;

export async function insertMicromarket(db: Db, values: typeof micromarkets.$inferInsert): Promise<number> {
  const [row] = await db.insert(micromarkets).values(values).returning({ id: micromarkets.id });
  return row!.id;
}

export async function updateMicromarketRow(db: Db, id: number, values: MicromarketWrite, now: Date): Promise<void> {
  await db
    .update(micromarkets)
    .set({ ...values, updatedAt: now })
    .where(eq(micromarkets.id, id));
}

/** What of the micromarket's history would be lost with it. */
export async function countReferences(db: Db, id: number) {
  const count = sql<number>`count(*)::int`;
  const [[tagRow], [sessionRow], [commandRow]] = await Promise.all([
    db.select({ count }).from(tags).where(eq(tags.micromarketId, id)),
    db.select({ count }).from(doorSessions).where(eq(doorSessions.micromarketId, id)),
    db.select({ count }).from(deviceCommands).where(eq(deviceCommands.micromarketId, id)),
  ]);
  return { tags: tagRow?.count ?? 0, sessions: sessionRow?.count ?? 0, commands: commandRow?.count ?? 0 };
}

export async function deleteMicromarketRow(db: Db, id: number): Promise<void> {
  await db.delete(micromarkets).where(eq(micromarkets.id, id));
}

/** Micromarkets by id with their organisation, for checks on lists of ids. */
export async function findOrgsOf(db: Db, ids: number[]): Promise<{ id: number; orgId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: micromarkets.id, orgId: micromarkets.orgId })
    .from(micromarkets)
    .where(inArray(micromarkets.id, ids));
}

export async function countByConnection(db: Db, orgIds: number[] | null) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${micromarkets.connection} = 'online'))::int`,
    })
    .from(micromarkets)
    .where(orgIds === null ? undefined : inArray(micromarkets.orgId, orgIds));
  return { total: row?.total ?? 0, online: row?.online ?? 0 };
}
