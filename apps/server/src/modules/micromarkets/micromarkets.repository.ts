import type { TMicromarketOptions } from '@vitrina/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets } from '../../db/schema/index.js';

/** The micromarkets of the given organisations (null: all), by name, for pickers and filters. */
export async function listMicromarketOptions(db: Db, orgIds: number[] | null): Promise<TMicromarketOptions['items']> {
  return db
    .select({ id: micromarkets.id, org_id: micromarkets.orgId, name: micromarkets.name, address: micromarkets.address })
    .from(micromarkets)
    .where(orgIds === null ? undefined : inArray(micromarkets.orgId, orgIds))
    .orderBy(asc(micromarkets.name), asc(micromarkets.id));
}
