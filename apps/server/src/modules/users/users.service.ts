import type {
  TCreateUser,
  TListUsersQuery,
  TUpdateUser,
  TUser,
  TUserListItem,
  ZCreateUser,
  ZListUsersQuery,
  ZUpdateUser,
} from '@vitrina/contract';
import { api, OWNER_USER_ID, USER_KIND } from '@vitrina/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { hashPassword } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import {
  assertNotRegistered,
  insertUser,
  issueInvitation,
  mailInvitation,
  revokeUserSessions,
  type UserWrite,
  updateUserRow,
} from '../auth/index.js';
import {
  assertAdministratorRemains,
  assertGrantable,
  findRole,
  permissionsOfRoles,
  roleFitsOrg,
} from '../roles/index.js';
import * as repo from './users.repository.js';

type ListQuery = z.output<typeof ZListUsersQuery>;
type CreateBody = z.output<typeof ZCreateUser>;
type UpdateBody = z.output<typeof ZUpdateUser>;

export type { TCreateUser, TListUsersQuery, TUpdateUser };

function filtersOf(actor: UserActor, query: Omit<ListQuery, 'page' | 'per_page'>): repo.UserFilters {
  return {
    q: query.q,
    roleId: query.role_id,
    orgId: query.org_id,
    userType: query.user_type,
    active: query.active,
    orgIds: actor.scope.visibleIds,
  };
}

export async function listUsers(ctx: ServiceContext, actor: UserActor, query: ListQuery) {
  const filters = filtersOf(actor, query);
  const [users, total] = await Promise.all([
    repo.listUsers(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page }, query.sort),
    repo.countUsers(ctx.db, filters),
  ]);
  return { items: await withCanEdit(ctx.db, actor, users), total };
}

export async function getUser(ctx: ServiceContext, actor: UserActor, id: number): Promise<TUser> {
  const user = await repo.findUser(ctx.db, id);
  if (!user || !actor.scope.canSee(user.org_id)) throw notFound();
  return user;
}

export async function findUserBy(ctx: ServiceContext, actor: UserActor, value: string): Promise<TUser> {
  const user = await repo.findUserByEmailOrPhone(ctx.db, value, actor.scope.visibleIds);
  if (!user) throw notFound();
  return user;
}

/** Contract field names to table columns; undefined fields are left as they are. */
function columnsOf(body: UpdateBody): UserWrite {
  return {
    name: body.name,
    email: body.email,
    phones: body.phones,
    userType: body.user_type,
    roleId: body.role_id,
    orgId: body.org_id,
    pushLimitImportant: body.push_limit_important,
    pushLimitUnimportant: body.push_limit_unimportant,
    lang: body.lang,
    active: body.active,
  };
}

const emailTaken = () => new AppError(409, 'user.email_taken', {}, { email: 'user.email_taken' });

/**
 * Why the caller may not change `target` (any field) or re-send its invitation; null when it
 * may. Only a caller holding every permission of the user's role may: a new password, email
 * or registration link would otherwise hand it the stronger account. Judged by the
 * permissions in force, so a switched role narrows; user 1 is changed by user 1 alone.
 * The list's `can_edit` comes from here too, so the panel offers what this allows.
 */
function manageRefusal(actor: UserActor, target: TUser, rolePermissions: readonly string[]): AppError | null {
  if (!actor.scope.canSee(target.org_id)) return notFound();
  if (!actor.scope.canEdit(target.org_id)) return forbidden('errors.view_only');
  if (target.id === OWNER_USER_ID && actor.userId !== OWNER_USER_ID) return forbidden('user.owner_only');
  if (rolePermissions.some((permission) => !actor.permissions.has(permission))) return forbidden('user.holds_more');
  return null;
}

async function assertMayManage(db: Db, actor: UserActor, target: TUser) {
  const role = target.role_id === null ? null : await findRole(db, target.role_id);
  const refusal = manageRefusal(actor, target, role?.permissions ?? []);
  if (refusal) throw refusal;
}

/** Whether the caller may change each of `users`: the update endpoint's permission, then `manageRefusal`. */
async function withCanEdit(db: Db, actor: UserActor, users: TUser[]): Promise<TUserListItem[]> {
  const mayUpdate = api.user.update.permissions.some((permission) => actor.permissions.has(permission));
  const roleIds = [...new Set(users.flatMap((user) => (user.role_id === null ? [] : [user.role_id])))];
  const permissions = mayUpdate ? await permissionsOfRoles(db, roleIds) : new Map<number, string[]>();
  return users.map((user) => ({
    ...user,
    can_edit:
      mayUpdate &&
      manageRefusal(actor, user, user.role_id === null ? [] : (permissions.get(user.role_id) ?? [])) === null,
  }));
}

function assertRoleFitsOrg(role: { orgId: number | null }, orgId: number) {
  if (!roleFitsOrg(role, orgId)) {
    throw new AppError(400, 'user.role_other_org', {}, { role_id: 'user.role_other_org' });
  }
}

/** A role given to a user of `orgId`: visible to the caller, of that organisation or the platform, within the caller's permissions. */
async function assertAssignableRole(db: Db, actor: UserActor, roleId: number | null | undefined, orgId: number) {
  if (roleId === null || roleId === undefined) return;
  const role = await findRole(db, roleId);
  if (!role || (role.orgId !== null && !actor.scope.canSee(role.orgId))) {
    throw new AppError(404, 'errors.not_found', {}, { role_id: 'errors.not_found' });
  }
  assertRoleFitsOrg(role, orgId);
  assertGrantable(actor, role.permissions);
}

/**
 * A customer (§3 user type 1) buys through the customer flows and never signs in to the
 * panel: no role, no panel password, no invitation. Judged on the user as it will be.
 */
function assertCustomerRules(after: { userType: number; roleId: number | null }, password: string | undefined) {
  if (after.userType === USER_KIND.employee) return;
  if (after.roleId !== null) throw badRequest('user.customer_no_role', { role_id: 'user.customer_no_role' });
  if (password) throw badRequest('auth.customer_no_panel', { password: 'auth.customer_no_panel' });
}

/** Whether the update changes how the user signs in, so sessions opened with the old credentials end. */
function changesSignIn(before: TUser, body: UpdateBody): boolean {
  const emailChanges = body.email !== undefined && body.email.toLowerCase() !== before.email.toLowerCase();
  const becomesCustomer = body.user_type !== undefined && body.user_type !== USER_KIND.employee;
  return Boolean(body.password) || emailChanges || body.active === false || becomesCustomer;
}

/** Whether the update touches what makes a user a platform administrator (role, active, kind, organisation). */
function mayRemoveAdministrator(body: UpdateBody): boolean {
  return [body.role_id, body.active, body.user_type, body.org_id].some((value) => value !== undefined);
}

export async function createUser(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  actor.scope.assertEditable(body.org_id);
  assertCustomerRules({ userType: body.user_type, roleId: body.role_id }, body.password);
  await assertAssignableRole(ctx.db, actor, body.role_id, body.org_id);
  const isEmployee = body.user_type === USER_KIND.employee;
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const { id, link } = await ctx.db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, body.email)) throw emailTaken();
    const userId = await insertUser(tx, {
      ...columnsOf(body),
      name: body.name,
      email: body.email,
      orgId: body.org_id,
      passwordHash,
    });
    const { password: _password, ...visible } = body;
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'user',
      entityId: userId,
      orgId: body.org_id,
      after: visible,
    });
    const invitation =
      passwordHash || !isEmployee
        ? null
        : await issueInvitation({ db: tx, publicUrl: ctx.publicUrl, clock: ctx.clock }, userId);
    return { id: userId, link: invitation };
  });
  // Mail only what committed: a rolled-back user must not get an invitation.
  if (link) await mailInvitation(ctx, { email: body.email, lang: body.lang, org_id: body.org_id }, link);
  return { ...(await getUser(ctx, actor, id)), invitation_link: link };
}

export async function updateUser(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await getUser(ctx, actor, id);
  await assertMayManage(ctx.db, actor, before);
  const orgId = body.org_id ?? before.org_id;
  if (orgId !== before.org_id) actor.scope.assertEditable(orgId);
  assertCustomerRules(
    {
      userType: body.user_type ?? before.user_type,
      roleId: body.role_id === undefined ? before.role_id : body.role_id,
    },
    body.password,
  );
  if (body.role_id !== undefined && body.role_id !== before.role_id) {
    await assertAssignableRole(ctx.db, actor, body.role_id, orgId);
  } else if (orgId !== before.org_id && before.role_id !== null) {
    // Moving a user keeps their role only if it also fits the new organisation.
    const role = await findRole(ctx.db, before.role_id);
    if (role) assertRoleFitsOrg(role, orgId);
  }
  if (body.active === false && id === actor.userId) throw conflict('user.cannot_disable_self');
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await ctx.db.transaction(async (tx) => {
    if (body.email && (await repo.emailTaken(tx, body.email, id))) throw emailTaken();
    const now = ctx.clock.now();
    await updateUserRow(tx, id, { ...columnsOf(body), passwordHash }, now);
    if (mayRemoveAdministrator(body)) await assertAdministratorRemains(tx);
    // Whoever held the old password or mailbox is signed out; users changing their own keep this session.
    if (changesSignIn(before, body)) {
      await revokeUserSessions(tx, id, now, { keepSessionId: id === actor.userId ? actor.sessionId : undefined });
    }
    const { password, ...visible } = body;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      orgId,
      before,
      after: { ...visible, ...(password ? { password: 'changed' } : {}) },
    });
  });
  return getUser(ctx, actor, id);
}

/** Mails a fresh registration link to a user who has not registered yet. */
export async function resendInvitation(ctx: ServiceContext, actor: UserActor, id: number) {
  const user = await getUser(ctx, actor, id);
  // The link signs in as this user: handing it over is handing over the account.
  await assertMayManage(ctx.db, actor, user);
  assertNotRegistered(user.registered);
  if (user.user_type !== USER_KIND.employee) throw conflict('auth.customer_no_panel');
  if (!user.active) throw forbidden('auth.disabled');
  const link = await ctx.db.transaction(async (tx) => {
    const issued = await issueInvitation({ db: tx, publicUrl: ctx.publicUrl, clock: ctx.clock }, id);
    await writeAudit(tx, actor, { action: 'invite', entity: 'user', entityId: id, orgId: user.org_id });
    return issued;
  });
  await mailInvitation(ctx, user, link);
  return { invitation_link: link };
}

const CSV_COLUMNS: [string, (user: TUser) => string | number][] = [
  ['id', (u) => u.id],
  ['name', (u) => u.name],
  ['email', (u) => u.email],
  ['phones', (u) => u.phones.join(' ')],
  ['user_type', (u) => u.user_type],
  ['role', (u) => u.role_name ?? ''],
  ['organization', (u) => u.org_name],
  ['active', (u) => (u.active ? 'yes' : 'no')],
  ['registered', (u) => (u.registered ? 'yes' : 'no')],
  ['bonuses', (u) => u.bonuses],
  ['last_purchase_at', (u) => u.last_purchase_at ?? ''],
  ['last_login_at', (u) => u.last_login_at ?? ''],
  ['created_at', (u) => u.created_at],
];

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function userReport(ctx: ServiceContext, actor: UserActor, query: Omit<ListQuery, 'page' | 'per_page'>) {
  const users = await repo.listUsers(ctx.db, filtersOf(actor, query), null, query.sort);
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const user of users) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(user))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
