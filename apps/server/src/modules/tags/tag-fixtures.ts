import type { TagStatus } from '@vitrina/contract';
import { call, type TestContext } from '../../../test/helper.js';
import { micromarkets, products, storageBatches, tags } from '../../db/schema/index.js';

/**
 * Test fixtures written straight into the tables: the product and device APIs belong to
 * other modules, and the tests need rows in states no API call makes quickly.
 */
const HOUR_MS = 3600 * 1000;
let serial = 0;

export async function insertMicromarket(ctx: TestContext, orgId: number, name: string): Promise<number> {
  serial += 1;
  const [row] = await ctx.database.db
    .insert(micromarkets)
    .values({ orgId, name, address: `${name} street 1`, serialNumber: `SN-${name}-${serial}` })
    .returning({ id: micromarkets.id });
  return row!.id;
}

export async function insertProduct(
  ctx: TestContext,
  orgId: number,
  values: Partial<typeof products.$inferInsert> & { name: string },
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(products)
    .values({ orgId, sellCostMinor: 5000, ...values })
    .returning({ id: products.id });
  return row!.id;
}

export async function insertBatch(ctx: TestContext, orgId: number, productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .insert(storageBatches)
    .values({ orgId, productId, storeUpTo: new Date(Date.now() + 72 * HOUR_MS), total: 0 })
    .returning({ id: storageBatches.id });
  return row!.id;
}

export type TagSeed = {
  code: string;
  status?: TagStatus;
  micromarketId?: number | null;
  batchId?: number | null;
  /** Hours from now; negative is already expired. */
  storeUpToHours?: number;
  createdAt?: Date;
};

/** Inserts tags of one product, in the given order (so ids ascend along the list). */
export async function insertTags(
  ctx: TestContext,
  orgId: number,
  productId: number,
  seeds: TagSeed[],
): Promise<{ id: number; code: string }[]> {
  return ctx.database.db
    .insert(tags)
    .values(
      seeds.map((seed) => ({
        orgId,
        productId,
        code: seed.code,
        status: seed.status ?? 'new',
        micromarketId: seed.micromarketId ?? null,
        batchId: seed.batchId ?? null,
        storeUpTo: new Date(Date.now() + (seed.storeUpToHours ?? 72) * HOUR_MS),
        ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      })),
    )
    .returning({ id: tags.id, code: tags.code });
}

/** Hexadecimal codes `${prefix}0001`, `${prefix}0002`…, valid for the code pattern. */
export function codes(prefix: string, count: number, start = 1): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${(start + i).toString(16).toUpperCase().padStart(6, '0')}`);
}

const CATALOGUE_PERMISSIONS = [
  'show_products_tag_page',
  'show_products_programmer_page',
  'show_products_storage_page',
  'show_dataset_page',
  'manage_tags',
  'program_tags',
  'manage_dataset',
] as const;

/**
 * A user of one organisation holding every catalogue permission: with it, a row of another
 * organisation answers 404 rather than the 403 a missing permission gives first.
 */
export async function loginCatalogueManager(ctx: TestContext, orgId: number, email: string): Promise<string> {
  const admin = await ctx.login('admin');
  const role = await call(ctx, 'POST', '/v1/role/create', {
    token: admin,
    payload: { name: `Catalogue ${email}`, permissions: [...CATALOGUE_PERMISSIONS] },
  });
  if (role.statusCode !== 200) throw new Error(`role: ${role.body}`);
  const password = 'catalogue-pass-1';
  const user = await call(ctx, 'POST', '/v1/user/create', {
    token: admin,
    payload: { name: 'Catalogue Manager', email, org_id: orgId, role_id: role.json().id, password },
  });
  if (user.statusCode !== 200) throw new Error(`user: ${user.body}`);
  const login = await call(ctx, 'POST', '/v1/user/login', { payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return login.json().token;
}
