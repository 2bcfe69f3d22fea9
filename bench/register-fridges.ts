import { randomUUID } from 'node:crypto';
import type { Database } from '../apps/server/src/db/client.js';
import { micromarkets, organizations } from '../apps/server/src/db/schema/index.js';
import { hashToken } from '../apps/server/src/lib/crypto.js';
import type { BenchFridge } from './fridge-fleet.js';

/** `count` micromarkets of a new organisation, each with a serial and private token the broker lets in. */
export async function registerFridges(database: Database, count: number, prefix = 'BENCH'): Promise<BenchFridge[]> {
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `${prefix} ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id });
  const fridges: BenchFridge[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      serial: `${prefix}-${start + i}-${randomUUID().slice(0, 8)}`,
      token: randomUUID(),
    }));
    const rows = await database.db
      .insert(micromarkets)
      .values(
        batch.map((fridge) => ({
          orgId: org!.id,
          name: fridge.serial,
          serialNumber: fridge.serial,
          tokenHash: hashToken(fridge.token),
        })),
      )
      .returning({ id: micromarkets.id, serial: micromarkets.serialNumber });
    const bySerial = new Map(batch.map((fridge) => [fridge.serial, fridge.token]));
    for (const row of rows) fridges.push({ id: row.id, serial: row.serial, token: bySerial.get(row.serial)! });
  }
  return fridges;
}
