import type {
  TOrganization,
  TOrganizationLinks,
  TOrganizationList,
  TOrganizationOptions,
  ZCreateOrganization,
  ZGrantOrganizationLink,
  ZListOrganizationsQuery,
  ZUpdateOrganization,
} from '@vitrina/contract';
import { DEFAULT_TIME_ZONE } from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { addDefaultRoutes } from '../notifications/index.js';
import { assertAdministratorRemains } from '../roles/index.js';
import * as repo from './organizations.repository.js';

type ListQuery = z.output<typeof ZListOrganizationsQuery>;
type CreateBody = z.output<typeof ZCreateOrganization>;
type UpdateBody = z.output<typeof ZUpdateOrganization>;
type GrantBody = z.output<typeof ZGrantOrganizationLink>;

const isPlatform = (actor: UserActor) => actor.permissions.has('view_all_organizations');

/** Creating, deactivating and deleting organisations, and their price and currency, are the platform's. */
function assertPlatform(actor: UserActor, field?: string) {
  if (isPlatform(actor)) return;
  throw new AppError(
    403,
    'organization.platform_only',
    {},
    field ? { [field]: 'organization.platform_only' } : undefined,
  );
}

const nameTaken = () => new AppError(409, 'organization.name_taken', {}, { name: 'organization.name_taken' });

/** The organisations the actor can see, each with the actor's access level to it (view-only unless granted more). */
export async function organizationOptions(ctx: ServiceContext, actor: UserActor): Promise<TOrganizationOptions> {
  const rows = await repo.listOrganizationOptions(ctx.db, actor.scope.visibleIds);
  return { items: rows.map((row) => ({ ...row, access_level: actor.scope.accessLevel(row.id) ?? 1 })) };
}

const withAccess = (actor: UserActor, row: repo.OrganizationRow): TOrganization => ({
  ...row,
  access_level: actor.scope.accessLevel(row.id) ?? 1,
});

/** The list's filters inside the organisations the caller sees (the list and its export share them). */
export function organizationFilters(
  actor: UserActor,
  query: Pick<ListQuery, 'q' | 'type' | 'active'>,
): repo.OrganizationFilters {
  return { ids: actor.scope.visibleIds, q: query.q, type: query.type, active: query.active };
}

export async function listOrganizations(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<TOrganizationList> {
  const filters = organizationFilters(actor, query);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listOrganizations(ctx.db, filters, page),
    repo.countOrganizations(ctx.db, filters),
  ]);
  return { items: items.map((row) => withAccess(actor, row)), total };
}

/** An organisation the actor can see; any other answers 404, as if it did not exist. */
export async function getOrganization(ctx: ServiceContext, actor: UserActor, id: number): Promise<TOrganization> {
  actor.scope.assertVisible(id);
  const row = await repo.findOrganization(ctx.db, id);
  if (!row) throw notFound();
  return withAccess(actor, row);
}

const contactColumns = (body: UpdateBody) => ({
  name: body.name,
  fiscalNumber: body.fiscal_number,
  contactName: body.contact_name,
  contactPhone: body.contact_phone,
  contactEmail: body.contact_email,
  address: body.address,
  subscriptionPriceMinor: body.subscription_price,
  currency: body.currency,
  timeZone: body.time_zone,
});

export async function createOrganization(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  assertPlatform(actor);
  const parentId = body.type === 'sub' ? (body.parent_id ?? null) : null;
  if (body.type === 'sub' && parentId === null)
    throw badRequest('errors.bad_request', { parent_id: 'organization.parent_required' });
  if (parentId !== null) actor.scope.assertVisible(parentId);
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.isNameTaken(tx, body.name)) throw nameTaken();
    if (parentId !== null && !(await repo.findOrganization(tx, parentId))) throw notFound();
    const orgId = await repo.insertOrganization(tx, {
      ...contactColumns(body),
      timeZone: body.time_zone ?? DEFAULT_TIME_ZONE[body.currency ?? 'UAH'],
      name: body.name,
      type: body.type,
      parentId,
    });
    // A sub-organisation's rows are seen by its main organisation at the level asked for.
    if (parentId !== null) await repo.upsertLink(tx, orgId, parentId, body.access_level);
    // Out of the box, a fridge offline, too warm or locked reaches the operators.
    await addDefaultRoutes(tx, orgId);
    await writeAudit(tx, actor, { action: 'create', entity: 'organization', entityId: orgId, orgId, after: body });
    return orgId;
  });
  return getOrganization(ctx, actor, id);
}

export async function updateOrganization(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await getOrganization(ctx, actor, id);
  actor.scope.assertEditable(id);
  // Price and currency are what the platform bills in: sending them back unchanged is fine.
  if (body.subscription_price !== undefined && body.subscription_price !== before.subscription_price)
    assertPlatform(actor, 'subscription_price');
  if (body.currency !== undefined && body.currency !== before.currency) assertPlatform(actor, 'currency');
  await ctx.db.transaction(async (tx) => {
    if (body.name && (await repo.isNameTaken(tx, body.name, id))) throw nameTaken();
    await repo.updateOrganizationRow(tx, id, contactColumns(body));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'organization',
      entityId: id,
      orgId: id,
      before,
      after: body,
    });
  });
  return getOrganization(ctx, actor, id);
}

/** The main organisation of an empty database, made by `create-admin` (its audit row is the command's). */
export async function createFirstOrganisation(tx: Db, name: string): Promise<number> {
  const orgId = await repo.insertOrganization(tx, { name, type: 'main' });
  await addDefaultRoutes(tx, orgId);
  return orgId;
}

/** Deactivated, its users cannot sign in and their sessions stop at once (the session cache hears of it). */
export async function setOrganizationActive(ctx: ServiceContext, actor: UserActor, id: number, active: boolean) {
  const before = await getOrganization(ctx, actor, id);
  assertPlatform(actor);
  if (!active && id === actor.orgId) throw conflict('organization.own_deactivation');
  await ctx.db.transaction(async (tx) => {
    await repo.updateOrganizationRow(tx, id, { active });
    // Its administrators stop being ones: another organisation's platform user must not lock everyone out.
    if (!active) await assertAdministratorRemains(tx);
    await writeAudit(tx, actor, {
      action: active ? 'activate' : 'deactivate',
      entity: 'organization',
      entityId: id,
      orgId: id,
      before: { active: before.active },
      after: { active },
    });
  });
  return getOrganization(ctx, actor, id);
}

/** Only an organisation that owns nothing goes; one with users, micromarkets, products or sales is deactivated instead. */
export async function deleteOrganization(ctx: ServiceContext, actor: UserActor, id: number) {
  const before = await getOrganization(ctx, actor, id);
  assertPlatform(actor);
  if (id === actor.orgId) throw conflict('organization.own_deactivation');
  await ctx.db.transaction(async (tx) => {
    const owned = await repo.ownedRows(tx, id);
    if (Object.values(owned).some((total) => total > 0)) throw conflict('organization.owns_rows', owned);
    await repo.deleteOrganizationRow(tx, id);
    await writeAudit(tx, actor, { action: 'delete', entity: 'organization', entityId: id, orgId: null, before });
  });
}

/**
 * Whether the actor may share `subOrgId`'s rows with others, or take that access back: the
 * platform, or the sub-organisation's own people (an organisation shares what is its own; a
 * grantee, even with edit access, never passes someone else's rows on).
 */
const mayManageLinksOf = (actor: UserActor, subOrgId: number) => isPlatform(actor) || actor.orgId === subOrgId;

export async function organizationLinks(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
): Promise<TOrganizationLinks> {
  await getOrganization(ctx, actor, id);
  const visible = (orgId: number) => actor.scope.canSee(orgId);
  // Who sees an organisation's rows is all told to that organisation itself and the platform.
  const isOwnView = isPlatform(actor) || actor.orgId === id;
  const [subs, sharedWith] = await Promise.all([
    repo.linksOf(ctx.db, id, 'grantee'),
    repo.linksOf(ctx.db, id, 'owner'),
  ]);
  return {
    sub_organizations: subs.filter((link) => visible(link.owner_org_id)),
    shared_with: sharedWith.filter((link) => isOwnView || visible(link.grantee_org_id)),
    can_manage: actor.permissions.has('edit_organizations') && isOwnView,
  };
}

/**
 * The link's checks: the platform, or the sub-organisation's own people; the grantee must
 * exist, and be visible to whoever grants it new access (an existing grantee the owner
 * cannot see may still be changed or revoked from the owner's card).
 */
async function checkLink(ctx: ServiceContext, actor: UserActor, granteeId: number, subOrgId: number) {
  if (granteeId === subOrgId) throw badRequest('errors.bad_request', { sub_org_id: 'organization.self_link' });
  actor.scope.assertVisible(subOrgId);
  if (!mayManageLinksOf(actor, subOrgId)) throw forbidden('organization.link_owner_only');
  if (!(await repo.findOrganization(ctx.db, granteeId))) throw notFound();
  const existing = await repo.findLink(ctx.db, subOrgId, granteeId);
  if (!existing) actor.scope.assertVisible(granteeId);
  return existing;
}

/** The card the answer shows: the grantee's when the caller sees it, else the sub-organisation's own. */
const cardAfter = (ctx: ServiceContext, actor: UserActor, granteeId: number, subOrgId: number) =>
  organizationLinks(ctx, actor, actor.scope.canSee(granteeId) ? granteeId : subOrgId);

/** Organisation `id` sees `sub_org_id`'s rows at the level given; the grantee's sessions follow at once. */
export async function grantLink(ctx: ServiceContext, actor: UserActor, id: number, body: GrantBody) {
  const before = await checkLink(ctx, actor, id, body.sub_org_id);
  await ctx.db.transaction(async (tx) => {
    await repo.upsertLink(tx, body.sub_org_id, id, body.access_level);
    await writeAudit(tx, actor, {
      action: before ? 'change_access' : 'grant_access',
      entity: 'organization',
      entityId: body.sub_org_id,
      orgId: body.sub_org_id,
      before: before ? { grantee_org_id: id, access_level: before.accessLevel } : null,
      after: { grantee_org_id: id, access_level: body.access_level },
    });
  });
  return cardAfter(ctx, actor, id, body.sub_org_id);
}

export async function revokeLink(ctx: ServiceContext, actor: UserActor, id: number, subOrgId: number) {
  const before = await checkLink(ctx, actor, id, subOrgId);
  if (!before) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await repo.deleteLink(tx, subOrgId, id);
    await writeAudit(tx, actor, {
      action: 'revoke_access',
      entity: 'organization',
      entityId: subOrgId,
      orgId: subOrgId,
      before: { grantee_org_id: id, access_level: before.accessLevel },
      after: null,
    });
  });
  return cardAfter(ctx, actor, id, subOrgId);
}
