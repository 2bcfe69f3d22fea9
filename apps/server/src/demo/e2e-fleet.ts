import { DEFAULT_MICROMARKET_SETTINGS, USER_KIND } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import { customerCards, micromarkets, products, shelfProducts, shelves, tags, users } from '../db/schema/index.js';
import { seedE2eReceipt } from './e2e-receipt.js';

/** The end-to-end server's fleet: what the specs need of live fridges, without the demo catalogue. */
export const E2E_FRIDGES = [
  { name: 'E2E Fridge North', serial: 'E2E-1001', latitude: 50.4547, longitude: 30.5238 },
  { name: 'E2E Fridge South', serial: 'E2E-1002', latitude: 50.4501, longitude: 30.5234 },
] as const;
const TAGS_PER_FRIDGE = 12;

/**
 * Two micromarkets of the main organisation, each with two shelves and a dozen tags of one
 * product inside, so the simulated fridges (SIMULATOR, from the fleet file) connect, report
 * and answer commands while the specs drive the panel.
 */
export async function seedE2eFleet(db: Db, orgId: number): Promise<void> {
  const [product] = await db
    .insert(products)
    .values({ orgId, name: 'E2E Water 500 ml', sellCostMinor: 2500, weightG: 520, storagePeriodHours: 720 })
    .returning({ id: products.id });
  const storeUpTo = new Date(Date.now() + 30 * 86_400_000);
  for (const [index, fridge] of E2E_FRIDGES.entries()) {
    const [market] = await db
      .insert(micromarkets)
      .values({
        orgId,
        name: fridge.name,
        address: `Test street ${index + 1}`,
        serialNumber: fridge.serial,
        latitude: fridge.latitude,
        longitude: fridge.longitude,
        settings: { ...DEFAULT_MICROMARKET_SETTINGS, payment_rfid: true, test_mode: true, test_amount: 100 },
      })
      .returning({ id: micromarkets.id });
    const shelfRows = await db
      .insert(shelves)
      .values([1, 2].map((number) => ({ micromarketId: market!.id, number, name: `Shelf ${number}` })))
      .returning({ id: shelves.id });
    await db.insert(shelfProducts).values({ shelfId: shelfRows[0]!.id, productId: product!.id });
    if (index === 0) await seedE2eReceipt(db, orgId, market!.id);
    await db.insert(tags).values(
      Array.from({ length: TAGS_PER_FRIDGE * 2 }, (_, n) => ({
        orgId,
        productId: product!.id,
        code: `E2E${String(index + 1)}${String(n).padStart(21, '0')}`,
        // Half inside the fridge, half in storage for the courier's restock.
        status: n < TAGS_PER_FRIDGE ? ('in_micromarket' as const) : ('new' as const),
        micromarketId: n < TAGS_PER_FRIDGE ? market!.id : null,
        storeUpTo,
      })),
    );
  }
}

/** The customer the transactions spec plays at the door: the token a fridge reads, a card at the test provider. */
export const E2E_CUSTOMER = {
  name: 'E2E Customer',
  email: 'customer@e2e.local',
  cardToken: 'E2E-CUSTOMER-CARD',
} as const;

/**
 * A customer with a saved card in `orgId` (Kyiv: no other spec changes its payment system),
 * so a door session there becomes a paid sale the transactions spec can refund.
 */
export async function seedE2eCustomer(db: Db, orgId: number): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({ orgId, name: E2E_CUSTOMER.name, email: E2E_CUSTOMER.email, userType: USER_KIND.client })
    .returning({ id: users.id });
  await db.insert(customerCards).values({
    orgId,
    userId: user!.id,
    token: E2E_CUSTOMER.cardToken,
    provider: 'test',
    paymentMethod: 'pm_e2e_visa',
    providerCustomer: 'cus_e2e',
    brand: 'visa',
    last4: '4242',
  });
}
