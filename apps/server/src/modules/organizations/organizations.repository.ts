import type { TOrganization, TOrganizationLink } from '@vitrina/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  micromarkets,
  organizationAccess,
  organizations,
  products,
  transactions,
  users,
} from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';
import { removeOrganisationRoutes } from '../notifications/index.js';

/** The given organisations (null: all), by id, with what pickers show. */
export async function listOrganizationOptions(db: Db, ids: number[] | null) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      currency: organizations.currency,
      time_zone: organizations.timeZone,
    })
    .from(organizations)
    .where(ids === null ? undefined : inArray(organizations.id, ids))
    .orderBy(organizations.id);
}

export type OrganizationFilters = {
  /** null: every organisation (the platform). */
  ids: number[] | null;
  q?: string | undefined;
  type?: 'main' | 'sub' | undefined;
  active?: boolean | undefined;
};

export type OrganizationRow = Omit<TOrganization, 'access_level'>;
export type OrganizationWrite = Partial<typeof organizations.$inferInsert>;

const parent = alias(organizations, 'parent');

function whereOf(filters: OrganizationFilters): SQL | undefined {
  const pattern = filters.q ? `%${escapeLike(filters.q)}%` : null;
  return and(
    filters.ids === null ? undefined : inArray(organizations.id, filters.ids),
    pattern ? or(ilike(organizations.name, pattern), ilike(organizations.fiscalNumber, pattern)) : undefined,
    filters.type ? eq(organizations.type, filters.type) : undefined,
    filters.active === undefined ? undefined : eq(organizations.active, filters.active),
  );
}

function rowsQuery(db: Db) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      parent_id: organizations.parentId,
      parent_name: parent.name,
      fiscal_number: organizations.fiscalNumber,
      currency: organizations.currency,
      time_zone: organizations.timeZone,
      subscription_price: organizations.subscriptionPriceMinor,
      contact_name: organizations.contactName,
      contact_phone: organizations.contactPhone,
      contact_email: organizations.contactEmail,
      address: organizations.address,
      active: organizations.active,
      users_count: sql<number>`(select count(*)::int from ${users} u where u.org_id = ${organizations.id} and u.user_type = 2)`,
      micromarkets_count: sql<number>`(select count(*)::int from ${micromarkets} m where m.org_id = ${organizations.id})`,
      created_at: sql<string>`to_char(${organizations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(organizations)
    .leftJoin(parent, eq(parent.id, organizations.parentId));
}

export async function listOrganizations(
  db: Db,
  filters: OrganizationFilters,
  page: { limit: number; offset: number },
): Promise<OrganizationRow[]> {
  return rowsQuery(db)
    .where(whereOf(filters))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOrganizations(db: Db, filters: OrganizationFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(organizations).where(whereOf(filters));
  return row?.total ?? 0;
}

export async function findOrganization(db: Db, id: number): Promise<OrganizationRow | null> {
  const [row] = await rowsQuery(db).where(eq(organizations.id, id));
  return row ?? null;
}

export async function isNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${organizations.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertOrganization(db: Db, values: typeof organizations.$inferInsert): Promise<number> {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row!.id;
}

export async function updateOrganizationRow(db: Db, id: number, values: OrganizationWrite): Promise<void> {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.update(organizations).set(set).where(eq(organizations.id, id));
}

/** What an organisation owns that must outlive it: the reason it may only be deactivated. */
export async function ownedRows(db: Db, id: number) {
  const countOf = async (table: typeof users | typeof micromarkets | typeof products | typeof transactions) => {
    const [row] = await db.select({ total: count() }).from(table).where(eq(table.orgId, id));
    return row?.total ?? 0;
  };
  return {
    users: await countOf(users),
    micromarkets: await countOf(micromarkets),
    products: await countOf(products),
    sales: await countOf(transactions),
  };
}

export async function deleteOrganizationRow(db: Db, id: number): Promise<void> {
  // Its routes (every new organisation has the default ones) go with it.
  await removeOrganisationRoutes(db, id);
  await db.delete(organizations).where(eq(organizations.id, id));
}

const owner = alias(organizations, 'owner');
const grantee = alias(organizations, 'grantee');

/** The links where `id` sees another's rows (`as: 'grantee'`) or is seen (`as: 'owner'`). */
export async function linksOf(db: Db, id: number, as: 'grantee' | 'owner'): Promise<TOrganizationLink[]> {
  const rows = await db
    .select({
      owner_org_id: organizationAccess.ownerOrgId,
      owner_name: owner.name,
      grantee_org_id: organizationAccess.granteeOrgId,
      grantee_name: grantee.name,
      access_level: organizationAccess.accessLevel,
      created_at: organizationAccess.createdAt,
    })
    .from(organizationAccess)
    .innerJoin(owner, eq(owner.id, organizationAccess.ownerOrgId))
    .innerJoin(grantee, eq(grantee.id, organizationAccess.granteeOrgId))
    .where(as === 'grantee' ? eq(organizationAccess.granteeOrgId, id) : eq(organizationAccess.ownerOrgId, id))
    .orderBy(as === 'grantee' ? asc(owner.name) : asc(grantee.name));
  return rows.map((row) => ({
    ...row,
    access_level: row.access_level === 1 ? 1 : 2,
    created_at: row.created_at.toISOString(),
  }));
}

export async function findLink(db: Db, ownerOrgId: number, granteeOrgId: number) {
  const [row] = await db
    .select()
    .from(organizationAccess)
    .where(and(eq(organizationAccess.ownerOrgId, ownerOrgId), eq(organizationAccess.granteeOrgId, granteeOrgId)));
  return row ?? null;
}

export async function upsertLink(db: Db, ownerOrgId: number, granteeOrgId: number, accessLevel: 1 | 2) {
  await db
    .insert(organizationAccess)
    .values({ ownerOrgId, granteeOrgId, accessLevel })
    .onConflictDoUpdate({
      target: [organizationAccess.ownerOrgId, organizationAccess.granteeOrgId],
      set: { accessLevel },
    });
}

export async function deleteLink(db: Db, ownerOrgId: number, granteeOrgId: number): Promise<boolean> {
  const rows = await db
    .delete(organizationAccess)
    .where(and(eq(organizationAccess.ownerOrgId, ownerOrgId), eq(organizationAccess.granteeOrgId, granteeOrgId)))
    .returning({ id: organizationAccess.id });
  return rows.length > 0;
}
