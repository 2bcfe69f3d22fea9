import type { TOrganizationOptions } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import * as repo from './organizations.repository.js';

/** The organisations the actor can see, each with the actor's access level to it (view-only unless granted more). */
export async function organizationOptions(ctx: ServiceContext, actor: UserActor): Promise<TOrganizationOptions> {
  const rows = await repo.listOrganizationOptions(ctx.db, actor.scope.visibleIds);
  return { items: rows.map((row) => ({ ...row, access_level: actor.scope.accessLevel(row.id) ?? 1 })) };
}
