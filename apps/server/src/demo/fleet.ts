import { DEFAULT_MICROMARKET_SETTINGS, type TMicromarketSettings, type TPlanogramLayout } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  deviceGroupMembers,
  deviceGroups,
  micromarketDiscounts,
  micromarkets,
  personalPrices,
  priceTags,
  shelfProducts,
  shelves,
} from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/crypto.js';

/**
 * The demo fleet's realistic problems, the rest of it healthy: one cabinet lost its
 * power three hours ago (offline, left out of the simulated fleet: `writeDemoFleet`), and one
 * cabinet's compressor fails as the demo starts (the simulator's excursion): it warms past the
 * limit, raises its temperature alert and, after the organisation's lock time, locks itself
 * for food safety, so it alone refuses customers.
 */
export const DEMO_OFFLINE_SERIAL = 'VT-1008';
export const DEMO_WARM_SERIAL = 'VT-1003';
/** The simulator's start-up control lines for the demo fleet (`--control`). */
export const DEMO_FLEET_CONTROLS = [`excursion ${DEMO_WARM_SERIAL} on`] as const;

/** Where the demo cabinets stand, in the order of DEMO_MICROMARKETS (serials VT-1001…). */
const PLACES = [
  { lat: 50.4651, lng: 30.4471, country: 'UA', platform: 'rpi4', online: true, temperature: 4.2 },
  { lat: 50.4378, lng: 30.5226, country: 'UA', platform: 'rpi4', online: true, temperature: 5.1 },
  { lat: 50.4488, lng: 30.4571, country: 'UA', platform: 'rk3328', online: true, temperature: 4.6 },
  { lat: 50.4349, lng: 30.5552, country: 'UA', platform: 'rpi4', online: true, temperature: 4.3 },
  { lat: 50.4031, lng: 30.6281, country: 'UA', platform: 'rk3328', online: true, temperature: 3.8 },
  { lat: 49.8147, lng: 24.0402, country: 'UA', platform: 'rpi4', online: true, temperature: 4.9 },
  { lat: 50.4647, lng: 30.5163, country: 'UA', platform: 'rpi4', online: true, temperature: 2.9 },
  { lat: 50.4296, lng: 30.5378, country: 'UA', platform: 'rk3328', online: false, temperature: null },
  { lat: 50.0459, lng: 19.9442, country: 'PL', platform: 'rpi4', online: true, temperature: 4.4 },
  { lat: 50.0474, lng: 19.9565, country: 'PL', platform: 'rpi4', online: true, temperature: 5.6 },
] as const;

const SHELF_NAMES = ['Top', 'Upper middle', 'Middle', 'Lower middle', 'Bottom'];

function settingsFor(index: number): TMicromarketSettings {
  return {
    ...DEFAULT_MICROMARKET_SETTINGS,
    payment_rfid: true,
    payment_scales: index % 3 === 1,
    payment_neuro: index % 4 === 2,
    payment_barcode: index % 5 === 0,
    hold_enabled: index % 2 === 0,
    hold_amount: index % 2 === 0 ? 20_000 : null,
    fiscal_receipts: true,
    available_for_orders: index < 4,
    // One pays at pickup, one holds the money until the customer takes the order.
    order_payment_mode: index === 1 ? 'on_pickup' : index === 2 ? 'hold' : 'prepay',
    telegram_notifications: true,
    available_for_subscription: index % 2 === 1,
    always_open: index !== 4,
    active_from: index === 4 ? '07:00' : null,
    active_to: index === 4 ? '23:00' : null,
    on_maintenance: index === 7,
    align_tag_expiry: true,
  };
}

type Market = { id: number; orgId: number };
type Product = { id: number; orgId: number; sellCost: number };

/**
 * The demo fleet: each cabinet with its place, live state, settings, a private token (its
 * value is thrown away: a real device would get a rotated one), 3–5 shelves holding the
 * products of its planogram, personal prices and price tags; one discount; two groups.
 */
export async function seedFleetDemo(
  db: Db,
  markets: Market[],
  products: Product[],
  /** Each cabinet's planogram, in the order of `markets` (demo/layouts.ts). */
  layouts: readonly TPlanogramLayout[],
) {
  const now = Date.now();
  for (const [index, market] of markets.entries()) {
    const place = PLACES[index % PLACES.length]!;
    await db
      .update(micromarkets)
      .set({
        latitude: place.lat,
        longitude: place.lng,
        courierLatitude: place.lat + 0.0004,
        courierLongitude: place.lng - 0.0003,
        country: place.country,
        description: 'Smart fridge, RFID and shelf scales',
        locationDescription:
          index % 2 === 0 ? 'Ground floor, by the lifts' : 'Kitchen area, next to the coffee machine',
        subscriptionPriceMinor: place.country === 'PL' ? 9_900 : 49_900,
        tokenHash: hashToken(newToken()),
        tokenIssuedAt: new Date(now - (30 + index) * 86_400_000),
        settings: settingsFor(index),
        connection: place.online ? 'online' : 'offline',
        lastActivityAt: new Date(now - (place.online ? 40_000 + index * 5_000 : 3 * 3_600_000)),
        ip: `10.20.${index + 1}.${17 + index}`,
        macAddress: `B8:27:EB:${(16 + index).toString(16).toUpperCase()}:4C:${(32 + index * 3).toString(16).toUpperCase()}`,
        platform: place.platform,
        firmware: index % 3 === 0 ? '2.8.1' : '2.9.0',
        temperature: place.temperature,
        defrosting: index === 5,
        door: 'closed',
        tilt: 0.4 + (index % 3) * 0.3,
      })
      .where(eq(micromarkets.id, market.id));

    const own = products.filter((product) => product.orgId === market.orgId);
    if (own.length === 0) continue;
    // The shelves and what stands on them are the cabinet's planogram (demo/layouts.ts).
    const priceOf = new Map(own.map((product) => [product.id, product.sellCost]));
    for (const { number, sections } of layouts[index]?.shelves ?? []) {
      const onShelf = sections.flatMap((section) => (section.product_id === null ? [] : [section.product_id]));
      const [shelf] = await db
        .insert(shelves)
        .values({
          micromarketId: market.id,
          number,
          name: SHELF_NAMES[number - 1] ?? `Shelf ${number}`,
          trackers: [`S${market.id}-${number}A`, `S${market.id}-${number}B`],
          weightGrams: 3_200 + ((index * 7 + number * 13) % 9) * 250,
          calibratedWeightGrams: 3_000 + number * 100,
          calibratedAt: new Date(now - (7 + number) * 86_400_000),
        })
        .returning({ id: shelves.id });
      if (onShelf.length === 0) continue;
      await db.insert(shelfProducts).values(onShelf.map((productId) => ({ shelfId: shelf!.id, productId })));
      const labelled = onShelf[0]!;
      const price = priceOf.get(labelled) ?? 0;
      await db.insert(priceTags).values({
        micromarketId: market.id,
        labelCode: `ESL-${String(market.id).padStart(3, '0')}-${number}`,
        shelfId: shelf!.id,
        productId: labelled,
        shownPriceMinor: number === 2 ? price + 500 : price,
        syncedAt: new Date(now - number * 3_600_000),
      });
    }
    const priced = own.slice(index * 3, index * 3 + 2);
    if (priced.length > 0) {
      await db.insert(personalPrices).values(
        priced.map((product) => ({
          micromarketId: market.id,
          productId: product.id,
          priceMinor: Math.max(0, Math.round((product.sellCost * 0.9) / 10) * 10),
        })),
      );
    }
    // Its history lines are the week's history (demo/history.ts). A cabinet that pays by neuro
    // sells once its camera says it is connected (§8): the simulated fridge reports it after its
    // hello, as a real one does (`camera`); the seeding writes no camera line of its own.
  }

  const [first] = markets;
  if (first) {
    await db
      .insert(micromarketDiscounts)
      .values({ micromarketId: first.id, percent: 15, activeTo: new Date(now + 5 * 86_400_000) });
  }

  const mainMarkets = markets.filter((market) => market.orgId === first?.orgId);
  const groups = [
    { name: 'Kyiv business centres', type: 'office', address: 'Kyiv', members: mainMarkets.slice(0, 4) },
    { name: 'Sport and campus', type: 'campus', address: 'Kyiv, Lviv', members: mainMarkets.slice(2, 6) },
  ];
  for (const group of groups) {
    if (!first) break;
    const [row] = await db
      .insert(deviceGroups)
      .values({ orgId: first.orgId, name: group.name, type: group.type, address: group.address })
      .returning({ id: deviceGroups.id });
    if (group.members.length > 0) {
      await db
        .insert(deviceGroupMembers)
        .values(group.members.map((market) => ({ groupId: row!.id, micromarketId: market.id })));
    }
  }
}
