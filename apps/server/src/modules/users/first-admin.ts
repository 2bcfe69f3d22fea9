import { OWNER_USER_ID, PERMISSION_NAMES, type TFirstAdmin, USER_KIND } from '@vitrina/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, roles, users } from '../../db/schema/index.js';
import { systemActor } from '../../lib/actor.js';
import { hashPassword } from '../../lib/crypto.js';
import { writeAudit } from '../audit/index.js';
import { insertUser } from '../auth/index.js';
import { createFirstOrganisation } from '../organizations/index.js';
import { createPlatformRole } from '../roles/index.js';

/** Serialises two `create-admin` runs on one database: only one makes user 1. */
const FIRST_ADMIN_LOCK_KEY = 7_330_002;

const PLATFORM_ADMIN_ROLE = 'Platform admin';

/** Whether the database has any user at all: a production start without one says how to make the first admin. */
export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export class FirstAdminRefused extends Error {}

/**
 * Makes the first platform administrator of a database with no users (`npm run create-admin`):
 * user 1 with the password the operator chose, holding every permission through a platform
 * role, in the main organisation (made when there is none). One transaction; refused once any
 * user exists, so it cannot be used to add a second all-powerful account later.
 */
export async function createFirstAdmin(db: Db, input: TFirstAdmin): Promise<{ userId: number; orgId: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    if (await hasUsers(tx))
      throw new FirstAdminRefused('This database has users already: sign in as its administrator.');
    const orgId = await mainOrganisation(tx, input.organization);
    const roleId = await createPlatformRole(tx, await freeRoleName(tx), PERMISSION_NAMES);
    // User 1 is the owner (OWNER_USER_ID): the account nobody else may change.
    await insertUser(tx, {
      id: OWNER_USER_ID,
      name: input.name,
      email: input.email,
      passwordHash,
      userType: USER_KIND.employee,
      roleId,
      orgId,
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await writeAudit(tx, systemActor({ via: 'job', label: 'create-admin' }), {
      action: 'create',
      entity: 'user',
      entityId: OWNER_USER_ID,
      orgId,
      after: { name: input.name, email: input.email, role_id: roleId },
    });
    return { userId: OWNER_USER_ID, orgId };
  });
}

async function mainOrganisation(tx: Db, name: string): Promise<number> {
  const [existing] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.type, 'main'), isNull(organizations.parentId)))
    .orderBy(organizations.id)
    .limit(1);
  if (existing) return existing.id;
  return createFirstOrganisation(tx, name);
}

/** "Platform admin", or a numbered one when a platform role of that name is left from before. */
async function freeRoleName(tx: Db): Promise<string> {
  const taken = await tx
    .select({ name: roles.name })
    .from(roles)
    .where(and(isNull(roles.orgId), sql`lower(${roles.name}) like lower(${`${PLATFORM_ADMIN_ROLE}%`})`));
  const names = new Set(taken.map((row) => row.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = n === 1 ? PLATFORM_ADMIN_ROLE : `${PLATFORM_ADMIN_ROLE} ${n}`;
    if (!names.has(name.toLowerCase())) return name;
  }
}
