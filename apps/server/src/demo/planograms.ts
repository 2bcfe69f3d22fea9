import { SCHEDULE_STATUS } from '@vitrina/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  micromarketPlanograms,
  micromarkets,
  planogramSchedules,
  planogramTemplates,
  products,
} from '../db/schema/index.js';

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Each organisation's standard layout (three shelves of four products, six of each) active
 * on its first three micromarkets, and a weekend layout queued on the first one, as an
 * operator would have left them.
 */
export async function seedPlanogramsDemo(db: Db, orgIds: number[], now = new Date()): Promise<void> {
  for (const orgId of orgIds) {
    const goods = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.orgId, orgId), eq(products.status, 'active')))
      .orderBy(asc(products.id))
      .limit(16);
    const markets = await db
      .select({ id: micromarkets.id })
      .from(micromarkets)
      .where(inArray(micromarkets.orgId, [orgId]))
      .orderBy(asc(micromarkets.id))
      .limit(3);
    if (goods.length < 12 || markets.length === 0) continue;
    const layoutOf = (offset: number, capacity: number) => ({
      shelves: [1, 2, 3].map((number) => ({
        number,
        sections: [0, 1, 2, 3].map((i) => ({
          product_id: goods[(offset + (number - 1) * 4 + i) % goods.length]!.id,
          capacity,
        })),
      })),
    });
    const [standard, weekend] = await db
      .insert(planogramTemplates)
      .values([
        { orgId, name: 'Standard layout', layout: layoutOf(0, 6), createdAt: now, updatedAt: now },
        { orgId, name: 'Weekend layout', layout: layoutOf(4, 4), createdAt: now, updatedAt: now },
      ])
      .returning();
    await db.insert(micromarketPlanograms).values(
      markets.map((market) => ({
        micromarketId: market.id,
        templateId: standard!.id,
        templateName: standard!.name,
        layout: standard!.layout,
        active: true,
        activatedAt: new Date(now.getTime() - 7 * DAY_MS),
      })),
    );
    const saturday = new Date(now.getTime() + ((6 - now.getUTCDay() + 7) % 7 || 7) * DAY_MS);
    await db.insert(planogramSchedules).values({
      micromarketId: markets[0]!.id,
      templateId: weekend!.id,
      dateFrom: day(saturday),
      dateTo: day(new Date(saturday.getTime() + DAY_MS)),
      status: SCHEDULE_STATUS.queued,
      createdAt: now,
      updatedAt: now,
    });
  }
}
