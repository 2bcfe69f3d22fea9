import type { TagStatus } from '@vitrina/contract';
import type { Db } from '../../src/db/client.js';
import { categories, makers, micromarkets, products, storageBatches, tags } from '../../src/db/schema/index.js';
import { uniqueName } from './sequence.js';

/**
 * Catalogue rows written straight into the tables, for tests whose subject is another
 * endpoint, and for states no API call makes quickly. Tests of the catalogue endpoints
 * themselves create through the API.
 */
const HOUR_MS = 3600 * 1000;

/** `values` sets live state or other columns the gateway would write. */
export async function insertMicromarket(
  db: Db,
  orgId: number,
  name: string,
  values: Partial<typeof micromarkets.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(micromarkets)
    .values({ orgId, name, address: `${name} street 1`, serialNumber: uniqueName(`SN-${name}`), ...values })
    .returning({ id: micromarkets.id });
  return row!.id;
}

export async function insertCategory(
  db: Db,
  orgId: number,
  values: { name: string; parentId?: number; level?: number },
): Promise<number> {
  const [row] = await db
    .insert(categories)
    .values({ orgId, level: values.level ?? (values.parentId ? 2 : 1), ...values })
    .returning({ id: categories.id });
  return row!.id;
}

export async function insertMaker(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db.insert(makers).values({ orgId, name }).returning({ id: makers.id });
  return row!.id;
}

export async function insertProduct(
  db: Db,
  orgId: number,
  values: Partial<typeof products.$inferInsert> & { name: string },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ orgId, sellCostMinor: 5000, ...values })
    .returning({ id: products.id });
  return row!.id;
}

export async function insertBatch(db: Db, orgId: number, productId: number): Promise<number> {
  const [row] = await db
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
  db: Db,
  orgId: number,
  productId: number,
  seeds: TagSeed[],
): Promise<{ id: number; code: string }[]> {
  return db
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

/** Hexadecimal codes `${prefix}000001`, `${prefix}000002`…, valid for the code pattern. */
export function codes(prefix: string, count: number, start = 1): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${(start + i).toString(16).toUpperCase().padStart(6, '0')}`);
}
