import type { Db } from '../../src/db/client.js';
import { organizationAccess, organizations } from '../../src/db/schema/index.js';
import { uniqueName } from './sequence.js';

type OrganisationValues = Partial<typeof organizations.$inferInsert>;

export async function createOrganisation(db: Db, values: OrganisationValues = {}): Promise<number> {
  const [row] = await db
    .insert(organizations)
    .values({ name: uniqueName('Organisation'), currency: 'UAH', ...values })
    .returning({ id: organizations.id });
  return row!.id;
}

/**
 * A main organisation of its own with two sub-organisations shaped like the demo's: it sees
 * `kyiv` at level 1 (view) and `krakow` (PLN) at level 2 (view and edit). Lists read by
 * users of this tree hold only this tree's rows, whatever other tests made.
 */
export type OrgTree = { main: number; kyiv: number; krakow: number };

export async function createOrgTree(db: Db): Promise<OrgTree> {
  const main = await createOrganisation(db, { name: uniqueName('Main'), type: 'main' });
  const kyiv = await createOrganisation(db, { name: uniqueName('Kyiv'), type: 'sub', parentId: main });
  const krakow = await createOrganisation(db, {
    name: uniqueName('Krakow'),
    type: 'sub',
    parentId: main,
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
  });
  await db.insert(organizationAccess).values([
    { ownerOrgId: kyiv, granteeOrgId: main, accessLevel: 1 },
    { ownerOrgId: krakow, granteeOrgId: main, accessLevel: 2 },
  ]);
  return { main, kyiv, krakow };
}
