import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';

/** The given organisations (null: all), by id, with what pickers show. */
export async function listOrganizationOptions(db: Db, ids: number[] | null) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      currency: organizations.currency,
    })
    .from(organizations)
    .where(ids === null ? undefined : inArray(organizations.id, ids))
    .orderBy(organizations.id);
}
