import { DEFAULT_MICROMARKET_SETTINGS, type TMicromarketSettings } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  deviceEvents,
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
import { NEURO_EVENT } from '../modules/sales-gate/index.js';

/**
 * The demo fleet's realistic problems (issue 25), the rest of it healthy: one cabinet lost its
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
 * value is thrown away: a real device would get a rotated one), 3–5 shelves stocked with
 * the organisation's products, personal prices and price tags; one discount; two groups.
 */
export async function seedFleetDemo(db: Db, markets: Market[], products: Product[]) {
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
    const shelfCount = 3 + (index % 3);
    for (let number = 1; number <= shelfCount; number++) {
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
      const stocked = [0, 1, 2, 3].map((k) => own[(index * 17 + number * 5 + k * 3) % own.length]!);
      const unique = [...new Map(stocked.map((product) => [product.id, product])).values()];
      await db.insert(shelfProducts).values(unique.map((product) => ({ shelfId: shelf!.id, productId: product.id })));
      const labelled = unique[0]!;
      await db.insert(priceTags).values({
        micromarketId: market.id,
        labelCode: `ESL-${String(market.id).padStart(3, '0')}-${number}`,
        shelfId: shelf!.id,
        productId: labelled.id,
        shownPriceMinor: number === 2 ? labelled.sellCost + 500 : labelled.sellCost,
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
    await db.insert(deviceEvents).values([
      { micromarketId: market.id, kind: 'created', at: new Date(now - 40 * 86_400_000), actorLabel: 'demo' },
      { micromarketId: market.id, kind: 'settings_changed', at: new Date(now - 2 * 86_400_000), actorLabel: 'demo' },
      // A cabinet that pays by neuro sells only once its camera said it is connected (§8). The
      // device protocol has no message for it yet, so the demo records what the camera said.
      ...(settingsFor(index).payment_neuro
        ? [
            {
              micromarketId: market.id,
              kind: NEURO_EVENT,
              at: new Date(now - 86_400_000),
              actorLabel: 'demo',
              details: { connected: true },
            },
          ]
        : []),
    ]);
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
