import { type Permission, USER_KIND } from '@vitrina/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, rolePermissions, users } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';

/**
 * What a platform administrator needs to administer: see every organisation, and change its
 * users and roles. Without one left, nobody can give these back
 * (docs/decisions/097-the-production-start-the-last-administrator-and.md).
 */
export const ADMINISTER_PERMISSIONS = [
  'view_all_organizations',
  'show_users_page',
  'edit_users',
  'show_users_roles_page',
  'edit_roles',
] as const satisfies readonly Permission[];

/** Serialises the changes that may remove an administrator, so two at once cannot remove the last two. */
const ADMINISTRATORS_LOCK_KEY = 7_330_001;

/** Active employees of active organisations whose role holds every permission of ADMINISTER_PERMISSIONS. */
export async function countAdministrators(db: Db): Promise<number> {
  const administering = db
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.permission, [...ADMINISTER_PERMISSIONS]))
    .groupBy(rolePermissions.roleId)
    .having(sql`count(distinct ${rolePermissions.permission}) = ${ADMINISTER_PERMISSIONS.length}`);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(
      and(
        eq(users.active, true),
        eq(users.userType, USER_KIND.employee),
        eq(organizations.active, true),
        inArray(users.roleId, administering),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Called in the transaction of a change to a user or a role, after its writes: refuses (and
 * so rolls back) a change that leaves no platform administrator.
 */
export async function assertAdministratorRemains(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK_KEY})`);
  if ((await countAdministrators(tx)) === 0) throw conflict('user.last_administrator');
}
