import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_SERIAL_PATTERN, type TFleetFridgeInput, ZMicromarketSettingsShape } from '@vitrina/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { micromarkets, products, shelfProducts, shelves, tags } from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/crypto.js';
import { DEMO_OFFLINE_SERIAL } from './fleet.js';
import { customerTokensOf } from './sales.js';

export const DEMO_FLEET_FILE = 'demo-fleet.json';

const ZNeuroSetting = ZMicromarketSettingsShape.pick({ payment_neuro: true });
/** The stored settings say the cabinet pays by neuro (so it has a camera). */
const paysByNeuro = (stored: unknown) => ZNeuroSetting.safeParse(stored).data?.payment_neuro === true;

/** New tags a courier may bring to each demo fridge. */
const POOL_PER_FRIDGE = 60;

/**
 * Hands the demo micromarkets to the simulator: issues each a fresh private token (only its
 * hash stays in the database) and writes `DATA_DIR/demo-fleet.json`, readable by the owner
 * only, with the serials, tokens, the tags inside each cabinet, a restock pool of the
 * organisation's new tags and the products' weights and shelves. Runs once, when the demo
 * is seeded; answers the file's path.
 */
export async function writeDemoFleet(db: Db, dataDir: string): Promise<string> {
  const rows = await db
    .select({
      id: micromarkets.id,
      orgId: micromarkets.orgId,
      serial: micromarkets.serialNumber,
      name: micromarkets.name,
      settings: micromarkets.settings,
      connection: micromarkets.connection,
    })
    .from(micromarkets)
    .where(eq(micromarkets.active, true))
    .orderBy(asc(micromarkets.id));
  // A serial that cannot be an MQTT username cannot connect: such a micromarket is left out,
  // as is the demo's cabinet without power (it stays offline).
  const markets = rows.filter(
    (market) => DEVICE_SERIAL_PATTERN.test(market.serial) && market.serial !== DEMO_OFFLINE_SERIAL,
  );

  /** New tags handed to a fridge's pool already: no two couriers bring the same tag. */
  const pooled = new Set<string>();
  const customers = new Map<number, string[]>();
  for (const orgId of new Set(markets.map((market) => market.orgId)))
    customers.set(orgId, await customerTokensOf(db, orgId));

  const fleet: TFleetFridgeInput[] = [];
  for (const market of markets) {
    const token = newToken();
    // Seeding takes a while: an online cabinet's last word is now, when its simulator takes
    // over, or the offline sweep would report every fridge lost before it connects.
    const now = new Date();
    await db
      .update(micromarkets)
      .set({
        tokenHash: hashToken(token),
        tokenIssuedAt: now,
        ...(market.connection === 'online' ? { lastActivityAt: now } : {}),
      })
      .where(eq(micromarkets.id, market.id));
    const inside = await db
      .select({ code: tags.code, product_id: tags.productId })
      .from(tags)
      .where(and(eq(tags.micromarketId, market.id), eq(tags.status, 'in_micromarket')));
    const shelfRows = await db
      .select({ number: shelves.number, productId: shelfProducts.productId })
      .from(shelves)
      .leftJoin(shelfProducts, eq(shelfProducts.shelfId, shelves.id))
      .where(eq(shelves.micromarketId, market.id));
    const shelfOf = new Map(shelfRows.flatMap((row) => (row.productId ? [[row.productId, row.number] as const] : [])));
    const pool = await restockPool(db, market.orgId, [...shelfOf.keys()], pooled);
    const productIds = [...new Set([...inside, ...pool].map((tag) => tag.product_id))];
    const productRows =
      productIds.length === 0
        ? []
        : await db
            .select({ id: products.id, name: products.name, weight: products.weightG })
            .from(products)
            .where(inArray(products.id, productIds));
    fleet.push({
      serial: market.serial,
      token,
      name: market.name,
      shelves: Math.max(4, ...shelfRows.map((row) => row.number)),
      // What the cabinet has, as its payment settings say: every demo cabinet reads tags and
      // weighs its shelves; one that pays by neuro has a camera too.
      sensors: ['rfid', 'weight', ...(paysByNeuro(market.settings) ? (['camera'] as const) : [])],
      tags: inside,
      pool,
      customers: customers.get(market.orgId) ?? [],
      products: productRows.map((product) => ({
        id: product.id,
        name: product.name,
        ...(product.weight && product.weight <= 100_000 ? { weight_grams: product.weight } : {}),
        ...(shelfOf.has(product.id) ? { shelf: shelfOf.get(product.id)! } : {}),
      })),
    });
  }

  const file = path.join(dataDir, DEMO_FLEET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return file;
}

/**
 * A fridge's restock pool: new tags of its organisation of the products on its shelves (of any
 * product for a fridge without), taken in turn product by product, so a courier who brings the
 * first few brings a bit of each, as the restock plan would. Tags in `taken` stay out; those
 * chosen are added to it.
 */
async function restockPool(db: Db, orgId: number, productIds: number[], taken: Set<string>) {
  const query = db
    .select({ code: tags.code, product_id: tags.productId })
    .from(tags)
    .where(
      and(
        eq(tags.orgId, orgId),
        eq(tags.status, 'new'),
        isNull(tags.micromarketId),
        ...(productIds.length > 0 ? [inArray(tags.productId, productIds)] : []),
      ),
    )
    .orderBy(asc(tags.id));
  // Of a few products, all their new tags (a few hundred); of any product, as many as it needs.
  const candidates = productIds.length > 0 ? await query : await query.limit(POOL_PER_FRIDGE + taken.size);
  const byProduct = new Map<number, { code: string; product_id: number }[]>();
  for (const tag of candidates) {
    if (taken.has(tag.code)) continue;
    const list = byProduct.get(tag.product_id) ?? [];
    list.push(tag);
    byProduct.set(tag.product_id, list);
  }
  const pool: { code: string; product_id: number }[] = [];
  for (let round = 0; pool.length < POOL_PER_FRIDGE; round++) {
    const next = [...byProduct.values()].flatMap((list) => (list[round] ? [list[round]!] : []));
    if (next.length === 0) break;
    pool.push(...next.slice(0, POOL_PER_FRIDGE - pool.length));
  }
  for (const tag of pool) taken.add(tag.code);
  return pool;
}
