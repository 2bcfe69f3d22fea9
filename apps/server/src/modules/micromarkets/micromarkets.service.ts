import type {
  TCreatedMicromarket,
  TMicromarket,
  TMicromarketList,
  TMicromarketToken,
  ZCreateMicromarket,
  ZListMicromarketsQuery,
  ZUpdateMicromarket,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { recordEvent } from './device-events.repository.js';
import * as repo from './micromarkets.repository.js';

type ListQuery = z.output<typeof ZListMicromarketsQuery>;
type CreateBody = z.output<typeof ZCreateMicromarket>;
type UpdateBody = z.output<typeof ZUpdateMicromarket>;

const serialTaken = () =>
  new AppError(409, 'micromarket.serial_taken', {}, { serial_number: 'micromarket.serial_taken' });

/**
 * The subscription price is what the platform charges for the micromarket: only the platform
 * (`view_all_organizations`) sets or changes it, so an operator cannot price their own
 * micromarkets out of the subscription. Sending back the price as it is stays allowed.
 */
function assertMayPrice(actor: UserActor, price: number | null | undefined, current: number | null) {
  if (price === undefined || price === current || actor.permissions.has('view_all_organizations')) return;
  throw new AppError(
    403,
    'micromarket.subscription_price_platform',
    {},
    {
      subscription_price: 'micromarket.subscription_price_platform',
    },
  );
}

function columnsOf(body: UpdateBody): repo.MicromarketWrite {
  return {
    name: body.name,
    address: body.address,
    serialNumber: body.serial_number,
    active: body.active,
    description: body.description,
    locationDescription: body.location_description,
    latitude: body.latitude,
    longitude: body.longitude,
    courierLatitude: body.courier_latitude,
    courierLongitude: body.courier_longitude,
    country: body.country,
    subscriptionPriceMinor: body.subscription_price,
  };
}

/** The list's filters inside the caller's organisations (the list and its export share them). */
export function micromarketFilters(
  actor: UserActor,
  query: Omit<ListQuery, 'page' | 'per_page'>,
): repo.MicromarketFilters {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    q: query.q,
    connection: query.connection,
    door: query.door,
    temperature: query.temperature,
    onMaintenance: query.on_maintenance,
    locked: query.locked,
  };
}

export async function listMicromarkets(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<TMicromarketList> {
  const filters = micromarketFilters(actor, query);
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listMicromarkets(ctx.db, filters, page, query.sort, ctx.clock.now()),
    repo.countMicromarkets(ctx.db, filters),
  ]);
  return { items, total };
}

export async function getMicromarket(ctx: ServiceContext, actor: UserActor, id: number): Promise<TMicromarket> {
  const micromarket = await repo.findMicromarket(ctx.db, id, ctx.clock.now());
  if (!micromarket || !actor.scope.canSee(micromarket.org_id)) throw notFound();
  return micromarket;
}

/** The micromarket, if the actor may change it: 404 when invisible, 403 when view-only. */
export async function getEditableMicromarket(ctx: ServiceContext, actor: UserActor, id: number) {
  const micromarket = await getMicromarket(ctx, actor, id);
  actor.scope.assertEditable(micromarket.org_id);
  return micromarket;
}

function issueToken(now: Date) {
  const token = newToken();
  return { token, tokenHash: hashToken(token), tokenIssuedAt: now };
}

export async function createMicromarket(
  ctx: ServiceContext,
  actor: UserActor,
  body: CreateBody,
): Promise<TCreatedMicromarket> {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  assertMayPrice(actor, body.subscription_price, null);
  const { token, tokenHash, tokenIssuedAt } = issueToken(ctx.clock.now());
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findIdBySerial(tx, body.serial_number)) throw serialTaken();
    const micromarketId = await repo.insertMicromarket(tx, {
      ...columnsOf(body),
      name: body.name,
      serialNumber: body.serial_number,
      orgId,
      tokenHash,
      tokenIssuedAt,
    });
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, { action: 'create', entity: 'micromarket', entityId: micromarketId, orgId, after });
    await recordEvent(tx, actor, micromarketId, 'created');
    return micromarketId;
  });
  return { ...(await getMicromarket(ctx, actor, id)), token };
}

export async function updateMicromarket(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await getEditableMicromarket(ctx, actor, id);
  assertMayPrice(actor, body.subscription_price, before.subscription_price);
  await ctx.db.transaction(async (tx) => {
    if (body.serial_number && (await repo.findIdBySerial(tx, body.serial_number, id))) throw serialTaken();
    await repo.updateMicromarketRow(tx, id, columnsOf(body), ctx.clock.now());
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'micromarket',
      entityId: id,
      orgId: before.org_id,
      before,
      after: body,
    });
    await recordEvent(tx, actor, id, 'updated', { fields: Object.keys(body) });
  });
  return getMicromarket(ctx, actor, id);
}

export async function deleteMicromarket(ctx: ServiceContext, actor: UserActor, id: number) {
  const micromarket = await getEditableMicromarket(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    // Sales history (tags, door sessions, commands) must outlive the cabinet; its own
    // shelves, prices, labels and events go with it.
    const used = await repo.countReferences(tx, id);
    if (used.tags + used.sessions + used.commands > 0) throw conflict('micromarket.in_use', used);
    await repo.deleteMicromarketRow(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'micromarket',
      entityId: id,
      orgId: micromarket.org_id,
      before: micromarket,
    });
  });
}

/** A new private token, shown once; only its hash is kept, so the old token stops working at once. */
export async function rotateToken(ctx: ServiceContext, actor: UserActor, id: number): Promise<TMicromarketToken> {
  const micromarket = await getEditableMicromarket(ctx, actor, id);
  const { token, tokenHash, tokenIssuedAt } = issueToken(ctx.clock.now());
  await ctx.db.transaction(async (tx: Db) => {
    await repo.updateMicromarketRow(tx, id, { tokenHash, tokenIssuedAt }, tokenIssuedAt);
    await writeAudit(tx, actor, {
      action: 'rotate_token',
      entity: 'micromarket',
      entityId: id,
      orgId: micromarket.org_id,
    });
    await recordEvent(tx, actor, id, 'token_rotated');
  });
  return { token, token_issued_at: tokenIssuedAt.toISOString() };
}

export async function fleetSummary(ctx: ServiceContext, actor: UserActor) {
  return repo.countByConnection(ctx.db, actor.scope.visibleIds);
}

/** The organisation of a micromarket the actor may see (404 otherwise), without loading the whole card. */
export async function visibleMicromarketOrg(ctx: ServiceContext, actor: UserActor, id: number): Promise<number> {
  const [row] = await repo.findOrgsOf(ctx.db, [id]);
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return row.orgId;
}
