import type { TPlanogramLayout } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import {
  categories,
  makers,
  micromarkets,
  productReviews,
  products,
  storageBatches,
  tags,
} from '../db/schema/index.js';
import type { FileStorage } from '../lib/storage.js';
import { newStorageKey } from '../lib/storage.js';
import { expectedByProduct } from '../modules/planograms/index.js';
import { DEMO_CATEGORIES, DEMO_MAKERS, DEMO_MICROMARKETS, type DemoLeaf } from './catalogue-data.js';
import { insertChunked, random } from './demo-util.js';
import { seedFleetDemo } from './fleet.js';
import { demoAssortment, demoLayout, demoShelfCount } from './layouts.js';
import { drawProductImage } from './product-image.js';

/** `every`: keep every n-th product only (a smaller assortment). */
type OrgPlan = { orgId: number; currencyFactor: number; makerCountries: string[] | null; every?: number };
type PlannedProduct = {
  orgId: number;
  name: string;
  size: string;
  leafName: string;
  categoryId: number;
  makerId: number;
  price: number;
  hours: number;
  seed: number;
};

const HOUR = 3_600_000;

async function seedCategories(db: Db, orgId: number) {
  const leaves: { leaf: DemoLeaf; id: number }[] = [];
  let top = 0;
  for (const [level1, children] of Object.entries(DEMO_CATEGORIES)) {
    const [l1] = await db.insert(categories).values({ orgId, name: level1, level: 1, position: top++ }).returning();
    let second = 0;
    for (const [level2, leafList] of Object.entries(children)) {
      const [l2] = await db
        .insert(categories)
        .values({ orgId, name: level2, level: 2, parentId: l1!.id, position: second++ })
        .returning();
      const rows = await db
        .insert(categories)
        .values(leafList.map((leaf, position) => ({ orgId, name: leaf.name, level: 3, parentId: l2!.id, position })))
        .returning({ id: categories.id });
      leaves.push(...leafList.map((leaf, index) => ({ leaf, id: rows[index]!.id })));
    }
  }
  return leaves;
}

async function planOrg(db: Db, plan: OrgPlan, next: () => number): Promise<PlannedProduct[]> {
  const chosen = DEMO_MAKERS.filter((maker) => !plan.makerCountries || plan.makerCountries.includes(maker.country));
  const makerRows = await db
    .insert(makers)
    .values(
      chosen.map((maker) => ({
        orgId: plan.orgId,
        name: maker.name,
        country: maker.country,
        contactPerson: maker.contact,
        phone: maker.phone,
        email: `orders@${maker.domain}`,
        website: `https://${maker.domain}`,
      })),
    )
    .returning({ id: makers.id, name: makers.name });
  const makerIds = new Map(makerRows.map((row) => [row.name, row.id]));
  const leaves = await seedCategories(db, plan.orgId);
  const planned: PlannedProduct[] = [];
  for (const { leaf, id: categoryId } of leaves) {
    const leafMakers = leaf.makers.filter((name) => makerIds.has(name));
    if (leafMakers.length === 0) continue;
    for (const item of leaf.items) {
      for (const [sizeIndex, size] of leaf.sizes.entries()) {
        for (const makerName of leafMakers) {
          const step = leaf.sizes.length > 1 ? sizeIndex / (leaf.sizes.length - 1) : 0;
          const price =
            Math.round((leaf.price[0] + (leaf.price[1] - leaf.price[0]) * step) / plan.currencyFactor / 10) * 10;
          planned.push({
            orgId: plan.orgId,
            name: leafMakers.length > 1 ? `${item} ${makerName.split(' ')[0]}` : item,
            size,
            leafName: leaf.name,
            categoryId,
            makerId: makerIds.get(makerName)!,
            price: Math.max(price - 10 + Math.round(next() * 2) * 10, 90),
            hours: leaf.hours,
            seed: planned.length,
          });
        }
      }
    }
  }
  const every = plan.every ?? 1;
  return planned.filter((_, index) => index % every === 0);
}

/** Pictures are drawn a few at a time: sharp works on its own threads. */
async function drawImages(storage: FileStorage, planned: PlannedProduct[]) {
  const keys: { image: string; thumb: string }[] = [];
  for (let i = 0; i < planned.length; i += 8) {
    const batch = planned.slice(i, i + 8);
    const drawn = await Promise.all(
      batch.map(async (product) => {
        const { image, thumb } = await drawProductImage({
          name: product.name,
          size: product.size,
          category: product.leafName,
          seed: product.seed,
        });
        const key = { image: newStorageKey('products', 'webp'), thumb: newStorageKey('thumbs', 'webp') };
        await Promise.all([storage.put(key.image, image), storage.put(key.thumb, thumb)]);
        return key;
      }),
    );
    keys.push(...drawn);
  }
  return keys;
}

/**
 * The demo catalogue: three-level categories, makers, 300+ products with drawn pictures,
 * micromarkets, storage batches with 20,000+ RFID tags in every status, and customer votes.
 */
export async function seedCatalogueDemo(
  db: Db,
  storage: FileStorage,
  orgIds: { main: number; kyiv: number; krakow: number },
  /** Who wrote the demo batches in the programmer. */
  programmerUserId: number | null = null,
) {
  const next = random(20_261_121);
  const orgs = [orgIds.main, orgIds.kyiv, orgIds.krakow];
  const marketRows = await db
    .insert(micromarkets)
    .values(
      DEMO_MICROMARKETS.map((market, index) => ({
        orgId: orgs[market.org]!,
        name: market.name,
        address: market.address,
        serialNumber: `VT-${String(1001 + index)}`,
      })),
    )
    .returning({ id: micromarkets.id, orgId: micromarkets.orgId });

  const planned = [
    ...(await planOrg(db, { orgId: orgIds.main, currencyFactor: 1, makerCountries: null }, next)),
    ...(await planOrg(db, { orgId: orgIds.krakow, currencyFactor: 9, makerCountries: ['PL', 'SK'] }, next)),
    // Kyiv Office Markets stocks its two cabinets too (a smaller assortment): an empty cabinet
    // refuses every customer ("no products", §8).
    ...(await planOrg(db, { orgId: orgIds.kyiv, currencyFactor: 1, makerCountries: ['UA'], every: 4 }, next)),
  ];
  const images = await drawImages(storage, planned);
  const productRows = await db
    .insert(products)
    .values(
      planned.map((product, index) => ({
        orgId: product.orgId,
        name: `${product.name} ${product.size}`,
        description: `${product.name}, ${product.size}. Keep refrigerated at +2…+6 °C.`,
        article: `VT-${String(product.orgId)}-${String(10_000 + index)}`,
        barcode: `482${String(1_000_000_000 + index * 7919).slice(0, 10)}`,
        weightG: weightOfSize(product.size),
        makerId: product.makerId,
        categoryId: product.categoryId,
        baseCostMinor: Math.round(product.price * 0.62),
        sellCostMinor: product.price,
        storagePeriodHours: product.hours,
        purchaseLimit: product.hours <= 48 ? 3 : 0,
        status:
          index % 37 === 5 ? ('inactive' as const) : index % 53 === 7 ? ('archived' as const) : ('active' as const),
        imageKey: images[index]!.image,
        thumbKey: images[index]!.thumb,
        forProgrammer: index % 11 !== 3,
      })),
    )
    .returning({
      id: products.id,
      orgId: products.orgId,
      hours: products.storagePeriodHours,
      sellCost: products.sellCostMinor,
      status: products.status,
    });

  // Each cabinet's planogram: its shelves, its stock and its restock pool are made from it.
  const layouts = marketRows.map((market, index) =>
    demoLayout(demoShelfCount(index), demoAssortment(productRows, market.orgId)),
  );
  await seedTags(
    db,
    productRows,
    marketRows.map((market, index) => ({ ...market, layout: layouts[index]! })),
    next,
    programmerUserId,
  );
  await seedReviews(db, productRows, next);
  await seedFleetDemo(db, marketRows, productRows, layouts);
  return { products: productRows.length };
}

/**
 * What one item weighs on a shelf scale, from the size on its label: grams as they are; a
 * drink's volume at about water's density plus its bottle or can (5%); a piece of fruit about
 * 180 g. Every demo product has a weight, as a fridge that weighs its shelves needs (without
 * one, each drink taken was a weight alert).
 */
export function weightOfSize(size: string): number {
  const [, amount = '0', unit = ''] = /^([\d.]+)\s*([a-z]+)$/i.exec(size.trim()) ?? [];
  const value = Number.parseFloat(amount);
  switch (unit.toLowerCase()) {
    case 'g':
      return Math.round(value);
    case 'kg':
      return Math.round(value * 1_000);
    case 'ml':
      return Math.round(value * 1.05);
    case 'l':
      return Math.round(value * 1_000 * 1.05);
    case 'pc':
    case 'pcs':
      return Math.round(value * 180);
    default:
      throw new Error(`demo catalogue: no weight for the size "${size}"`);
  }
}

type ProductRow = { id: number; orgId: number; hours: number };

/** The longest a batch's items take to leave the cabinets. */
const SALE_SPAN_HOURS = 10 * 24;

/** What is on a demo shelf keeps at least this long, so no cabinet refuses customers for an expired item within hours of the start. */
const FRESH_FOR_HOURS = 24;

/**
 * Older batches are mostly sold; the newest are still in storage or on the shelves. What is on
 * the shelves follows each cabinet's planogram: a cabinet holds only products of its layout,
 * a third to all of what fits (the restock plan brings the rest); an item that finds no room
 * stays in storage.
 */
async function seedTags(
  db: Db,
  productRows: ProductRow[],
  marketRows: { id: number; orgId: number; layout: TPlanogramLayout }[],
  next: () => number,
  createdBy: number | null,
) {
  const now = Date.now();
  // Its own generator, so the rest of the demo draws the same numbers as before.
  const fill = random(20_261_127);
  const room = new Map(
    marketRows.map((market) => [
      market.id,
      new Map(
        [...expectedByProduct(market.layout)].map(([productId, capacity]) => [
          productId,
          Math.max(1, Math.round(capacity * (0.35 + 0.65 * fill()))),
        ]),
      ),
    ]),
  );
  /** The cabinet of the organisation with the most room left for the product, taking one place; null: none. */
  const placeOf = (orgId: number, productId: number) => {
    let best: { id: number; left: Map<number, number> } | null = null;
    for (const market of marketRows) {
      if (market.orgId !== orgId) continue;
      const left = room.get(market.id)!;
      if ((left.get(productId) ?? 0) > (best?.left.get(productId) ?? 0)) best = { id: market.id, left };
    }
    if (!best) return null;
    best.left.set(productId, best.left.get(productId)! - 1);
    return best.id;
  };
  const tagRows: (typeof tags.$inferInsert)[] = [];
  const AGES = [20, 9, 2, 0];
  const batchPlans = productRows.flatMap((product) =>
    AGES.map((age) => {
      const createdAt = new Date(now - age * 24 * HOUR - Math.floor(next() * 12) * HOUR);
      return {
        product,
        age,
        total: 8 + Math.floor(next() * 9),
        createdAt,
        storeUpTo: new Date(createdAt.getTime() + product.hours * HOUR),
      };
    }),
  );
  const batchIds: number[] = [];
  await insertChunked(batchPlans, async (chunk) => {
    const rows = await db
      .insert(storageBatches)
      .values(
        chunk.map((plan) => ({
          orgId: plan.product.orgId,
          productId: plan.product.id,
          storeUpTo: plan.storeUpTo,
          total: plan.total,
          createdAt: plan.createdAt,
          createdBy,
        })),
      )
      .returning({ id: storageBatches.id });
    batchIds.push(...rows.map((row) => row.id));
  });
  for (const [index, { product, age, total, createdAt, storeUpTo }] of batchPlans.entries()) {
    const batchId = batchIds[index]!;
    const markets = marketRows.filter((market) => market.orgId === product.orgId);
    for (let i = 0; i < total; i++) {
      const roll = next();
      // About 2% of what left a cabinet was taken and not paid (a declined card): a few
      // per cent of the sales, as a real fleet sees, not one sale in eight.
      const rolled =
        age === 0
          ? roll < 0.6
            ? 'new'
            : 'in_micromarket'
          : age === 2
            ? roll < 0.5
              ? 'in_micromarket'
              : roll < 0.9
                ? 'sold'
                : roll < 0.98
                  ? 'removed'
                  : 'not_paid'
            : roll < 0.85
              ? 'sold'
              : roll < 0.93
                ? 'written_off'
                : roll < 0.945
                  ? 'not_paid'
                  : 'removed';
      // The courier takes out what expires today: a cabinet with an expired item inside
      // refuses every customer (§8), which a demo fleet's cabinets should not all do.
      const expired = rolled === 'in_micromarket' && storeUpTo.getTime() < now + FRESH_FOR_HOURS * HOUR;
      const drawn = rolled === 'new' ? null : (markets[Math.floor(next() * markets.length)] ?? null);
      const shelved = rolled === 'in_micromarket' && !expired ? placeOf(product.orgId, product.id) : null;
      const status = expired
        ? 'written_off'
        : rolled === 'in_micromarket' && shelved === null
          ? ('new' as const)
          : rolled;
      const market = status === 'new' ? null : status === 'in_micromarket' ? { id: shelved! } : drawn;
      // What left the cabinet left over the batch's life so far (at most ten days, and no longer
      // than the product keeps): sales spread over the days, not three spikes with empty weeks
      // between them, which made every dashboard comparison a fall of half.
      const spanHours = Math.max(1, Math.min(age * 24 - 1, product.hours, SALE_SPAN_HOURS));
      const later = new Date(createdAt.getTime() + Math.floor(next() * spanHours) * HOUR);
      tagRows.push({
        orgId: product.orgId,
        code: `E2801160${product.id.toString(16).padStart(6, '0')}${batchId.toString(16).padStart(5, '0')}${i.toString(16).padStart(5, '0')}`.toUpperCase(),
        productId: product.id,
        batchId,
        micromarketId: market?.id ?? null,
        status,
        storeUpTo,
        soldAt: status === 'sold' ? later : null,
        removedAt: status === 'removed' ? later : null,
        writtenOffAt: status === 'written_off' ? later : null,
        reason: status === 'written_off' ? 'Expired' : status === 'removed' ? 'Damaged packaging' : null,
        createdAt,
        updatedAt: later,
      });
    }
  }
  await insertChunked(tagRows, (chunk) => db.insert(tags).values(chunk));
}

async function seedReviews(db: Db, productRows: ProductRow[], next: () => number) {
  const now = Date.now();
  const rows: (typeof productReviews.$inferInsert)[] = [];
  for (const product of productRows) {
    const quality = 2.5 + next() * 2.5;
    const count = Math.floor(next() * 24);
    for (let i = 0; i < count; i++) {
      const rating = Math.min(5, Math.max(1, Math.round(quality + (next() - 0.5) * 2)));
      rows.push({
        productId: product.id,
        rating: next() < 0.8 ? rating : null,
        reaction: rating >= 4 ? 1 : rating <= 2 ? -1 : next() < 0.5 ? 1 : null,
        createdAt: new Date(now - Math.floor(next() * 90 * 24) * HOUR),
      });
    }
  }
  await insertChunked(rows, (chunk) => db.insert(productReviews).values(chunk));
}
