import type {
  TUserGroup,
  TUserGroupImportReport,
  TUserGroupList,
  TUserGroupMemberList,
  ZCreateUserGroup,
  ZListUserGroupMembersQuery,
  ZListUserGroupsQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';
import { callingCodeOf, parsePhones } from './phone-import.js';
import * as repo from './user-groups.repository.js';

type ListQuery = z.output<typeof ZListUserGroupsQuery>;
type MembersQuery = z.output<typeof ZListUserGroupMembersQuery>;

const nameTaken = () => new AppError(409, 'user_group.name_taken', {}, { name: 'user_group.name_taken' });
/** The check before the write answers the usual case; the unique index answers a name taken at the same moment. */
const orNameTaken = (error: unknown) => {
  throw isUniqueViolation(error) ? nameTaken() : error;
};

export async function listGroups(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TUserGroupList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const filters = { orgIds: actor.scope.visibleIds, orgId: query.org_id, q: query.q };
  const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [items, total] = await Promise.all([repo.listGroups(ctx.db, filters, page), repo.countGroups(ctx.db, filters)]);
  return { items, total };
}

export async function getGroup(ctx: ServiceContext, actor: UserActor, id: number): Promise<TUserGroup> {
  const group = await repo.findGroup(ctx.db, id);
  if (!group || !actor.scope.canSee(group.org_id)) throw notFound();
  return group;
}

async function editableGroup(ctx: ServiceContext, actor: UserActor, id: number) {
  const group = await getGroup(ctx, actor, id);
  actor.scope.assertEditable(group.org_id);
  return group;
}

export async function createGroup(ctx: ServiceContext, actor: UserActor, body: z.output<typeof ZCreateUserGroup>) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const id = await ctx.db
    .transaction(async (tx) => {
      if (await repo.isNameTaken(tx, orgId, body.name)) throw nameTaken();
      const groupId = await repo.insertGroup(tx, orgId, body.name);
      await writeAudit(tx, actor, { action: 'create', entity: 'user_group', entityId: groupId, orgId, after: body });
      return groupId;
    })
    .catch(orNameTaken);
  return getGroup(ctx, actor, id);
}

export async function renameGroup(ctx: ServiceContext, actor: UserActor, id: number, name: string) {
  const before = await editableGroup(ctx, actor, id);
  await ctx.db
    .transaction(async (tx) => {
      if (await repo.isNameTaken(tx, before.org_id, name, id)) throw nameTaken();
      await repo.renameGroup(tx, id, name, ctx.clock.now());
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'user_group',
        entityId: id,
        orgId: before.org_id,
        before: { name: before.name },
        after: { name },
      });
    })
    .catch(orNameTaken);
  return getGroup(ctx, actor, id);
}

export async function deleteGroup(ctx: ServiceContext, actor: UserActor, id: number) {
  const group = await editableGroup(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    // An active promotion restricted to the group would silently reach nobody: close it first.
    const promotions = await repo.activePromotionsOf(tx, id);
    if (promotions > 0) throw conflict('user_group.in_use', { promotions });
    await repo.deleteGroup(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'user_group',
      entityId: id,
      orgId: group.org_id,
      before: group,
    });
  });
}

/**
 * Adds pasted or CSV phones to the group in one transaction: normalised to E.164 (local
 * numbers by the organisation's country), each once; the report counts what was added,
 * repeated (in the text or already in the group), invalid, and not yet a customer's.
 */
export async function importPhones(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  text: string,
): Promise<TUserGroupImportReport> {
  const group = await editableGroup(ctx, actor, id);
  const parsed = parsePhones(text, callingCodeOf(await repo.orgCurrency(ctx.db, group.org_id)));
  const { added, unknown } = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertPhones(tx, id, parsed.phones);
    await writeAudit(tx, actor, {
      action: 'import_phones',
      entity: 'user_group',
      entityId: id,
      orgId: group.org_id,
      after: { read: parsed.phones.length, added: inserted, invalid: parsed.invalid },
    });
    return { added: inserted, unknown: await repo.countUnknown(tx, group.org_id, parsed.phones) };
  });
  return {
    read: parsed.phones.length,
    added,
    duplicates: parsed.duplicates + (parsed.phones.length - added),
    invalid: parsed.invalid,
    invalid_examples: parsed.invalidExamples,
    unknown,
    group: await getGroup(ctx, actor, id),
  };
}

export async function listMembers(
  ctx: ServiceContext,
  actor: UserActor,
  id: number,
  query: MembersQuery,
): Promise<TUserGroupMemberList> {
  await getGroup(ctx, actor, id);
  return repo.listMembers(ctx.db, id, query.q, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
}

export async function removePhone(ctx: ServiceContext, actor: UserActor, id: number, phone: string) {
  const group = await editableGroup(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.removePhone(tx, id, phone))) throw notFound();
    await writeAudit(tx, actor, {
      action: 'remove_phone',
      entity: 'user_group',
      entityId: id,
      orgId: group.org_id,
      before: { phone },
    });
  });
  return getGroup(ctx, actor, id);
}
