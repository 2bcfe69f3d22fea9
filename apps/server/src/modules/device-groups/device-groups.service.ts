import {
  ROUTE_DAYS_ALL,
  type TDeviceGroup,
  type TDeviceGroupList,
  type TRouteCourierOptions,
  type ZCreateDeviceGroup,
  type ZListDeviceGroupsQuery,
  type ZUpdateDeviceGroup,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { findMicromarketOrgs } from '../micromarkets/index.js';
import * as repo from './device-groups.repository.js';

type ListQuery = z.output<typeof ZListDeviceGroupsQuery>;
type CreateBody = z.output<typeof ZCreateDeviceGroup>;
type UpdateBody = z.output<typeof ZUpdateDeviceGroup>;

const nameTaken = () => new AppError(409, 'device_group.name_taken', {}, { name: 'device_group.name_taken' });
const devicesRefused = () =>
  new AppError(400, 'errors.bad_request', {}, { device_ids: 'device_group.device_not_allowed' });

const couriersRefused = () =>
  new AppError(400, 'errors.bad_request', {}, { courier_ids: 'device_group.courier_invalid' });

/** Every courier must be an active courier of the group's organisation. */
async function checkedCouriers(db: Db, orgId: number, ids: number[] | undefined) {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await repo.couriersOf(db, orgId, unique);
  if (found.length !== unique.length) throw couriersRefused();
  return unique;
}

const daysOf = (days: number[] | undefined) =>
  days === undefined ? undefined : [...new Set(days)].sort((a, b) => a - b);

/** Every device must exist, be visible and editable by the actor, and belong to the group's organisation. */
async function checkedDevices(db: Db, actor: UserActor, orgId: number, ids: number[] | undefined) {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const found = await findMicromarketOrgs(db, unique);
  const isAllowed = (row: { orgId: number }) => row.orgId === orgId && actor.scope.canEdit(row.orgId);
  if (found.length !== unique.length || !found.every(isAllowed)) throw devicesRefused();
  return unique;
}

export async function listGroups(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TDeviceGroupList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const filters = {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    micromarketId: query.micromarket_id,
    q: query.q,
  };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([
    repo.listGroups(ctx.db, filters, page, query.sort),
    repo.countGroups(ctx.db, filters),
  ]);
  return { items, total };
}

export async function getGroup(ctx: ServiceContext, actor: UserActor, id: number): Promise<TDeviceGroup> {
  const group = await repo.findGroup(ctx.db, id);
  if (!group || !actor.scope.canSee(group.org_id)) throw notFound();
  return group;
}

export async function createGroup(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.isNameTaken(tx, orgId, body.name)) throw nameTaken();
    const devices = await checkedDevices(tx, actor, orgId, body.device_ids);
    const couriers = await checkedCouriers(tx, orgId, body.courier_ids);
    const groupId = await repo.insertGroup(tx, {
      orgId,
      name: body.name,
      type: body.type ?? null,
      address: body.address ?? null,
      description: body.description ?? null,
      routeDays: daysOf(body.route_days) ?? [...ROUTE_DAYS_ALL],
    });
    await repo.replaceMembers(tx, groupId, devices ?? []);
    await repo.replaceCouriers(tx, groupId, couriers ?? []);
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, { action: 'create', entity: 'device_group', entityId: groupId, orgId, after });
    return groupId;
  });
  return getGroup(ctx, actor, id);
}

export async function updateGroup(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await getGroup(ctx, actor, id);
  actor.scope.assertEditable(before.org_id);
  await ctx.db.transaction(async (tx) => {
    if (body.name && (await repo.isNameTaken(tx, before.org_id, body.name, id))) throw nameTaken();
    const devices = await checkedDevices(tx, actor, before.org_id, body.device_ids);
    const couriers = await checkedCouriers(tx, before.org_id, body.courier_ids);
    await repo.updateGroupRow(
      tx,
      id,
      {
        name: body.name,
        type: body.type,
        address: body.address,
        description: body.description,
        routeDays: daysOf(body.route_days),
      },
      ctx.clock.now(),
    );
    if (devices) await repo.replaceMembers(tx, id, devices);
    if (couriers) await repo.replaceCouriers(tx, id, couriers);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'device_group',
      entityId: id,
      orgId: before.org_id,
      before,
      after: body,
    });
  });
  return getGroup(ctx, actor, id);
}

export async function deleteGroup(ctx: ServiceContext, actor: UserActor, id: number) {
  const group = await getGroup(ctx, actor, id);
  actor.scope.assertEditable(group.org_id);
  await ctx.db.transaction(async (tx) => {
    // Members go with the group; commands sent to it keep their history without it.
    await repo.deleteGroupRow(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'device_group',
      entityId: id,
      orgId: group.org_id,
      before: group,
    });
  });
}

/** The couriers of an organisation the caller edits (org_id, or the caller's own) that a route can name. */
export async function routeCouriers(
  ctx: ServiceContext,
  actor: UserActor,
  orgId: number | undefined,
): Promise<TRouteCourierOptions> {
  const org = orgId ?? actor.orgId;
  actor.scope.assertEditable(org);
  return { items: await repo.couriersOf(ctx.db, org) };
}
