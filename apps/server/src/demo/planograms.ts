import { SCHEDULE_STATUS, type TPlanogramLayout } from '@vitrina/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  micromarketPlanograms,
  micromarkets,
  planogramSchedules,
  planogramTemplates,
  products,
  shelves,
} from '../db/schema/index.js';
import { demoAssortment, demoLayout } from './layouts.js';

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Every demo cabinet's planogram, as an operator would have left them: each organisation has
 * a standard layout per cabinet size ("Standard, 4 shelves"), the one its cabinets of that size
 * were stocked by (demo/layouts.ts: their shelves and stock are made from it), active on each of
 * them for a week or more; and a weekend layout (the same products, fewer of each) queued on
 * its first cabinet for next Saturday and Sunday.
 */
export async function seedPlanogramsDemo(db: Db, orgIds: number[], now = new Date()): Promise<void> {
  for (const orgId of orgIds) {
    const assortment = demoAssortment(
      await db
        .select({ id: products.id, orgId: products.orgId, status: products.status })
        .from(products)
        .where(eq(products.orgId, orgId)),
      orgId,
    );
    const markets = await db
      .select({ id: micromarkets.id, shelfCount: sql<number>`count(${shelves.id})::int` })
      .from(micromarkets)
      .innerJoin(shelves, eq(shelves.micromarketId, micromarkets.id))
      .where(and(inArray(micromarkets.orgId, [orgId]), eq(micromarkets.active, true)))
      .groupBy(micromarkets.id)
      .orderBy(asc(micromarkets.id));
    if (assortment.length === 0 || markets.length === 0) continue;
    const sizes = [...new Set(markets.map((market) => market.shelfCount))].sort((a, b) => a - b);
    const templates = await db
      .insert(planogramTemplates)
      .values(
        sizes.map((size) => ({
          orgId,
          name: `Standard, ${size} shelves`,
          layout: demoLayout(size, assortment),
          createdAt: new Date(now.getTime() - 30 * DAY_MS),
          updatedAt: new Date(now.getTime() - 30 * DAY_MS),
        })),
      )
      .returning();
    const templateOf = new Map(sizes.map((size, index) => [size, templates[index]!]));
    await db.insert(micromarketPlanograms).values(
      markets.map((market, index) => {
        const template = templateOf.get(market.shelfCount)!;
        return {
          micromarketId: market.id,
          templateId: template.id,
          templateName: template.name,
          layout: template.layout,
          active: true,
          activatedAt: new Date(now.getTime() - (7 + index * 3) * DAY_MS),
        };
      }),
    );
    const first = markets[0]!;
    const standard = templateOf.get(first.shelfCount)!;
    const [weekend] = await db
      .insert(planogramTemplates)
      .values({
        orgId,
        name: 'Weekend layout',
        layout: fewerOfEach(standard.layout as TPlanogramLayout),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const saturday = new Date(now.getTime() + ((6 - now.getUTCDay() + 7) % 7 || 7) * DAY_MS);
    await db.insert(planogramSchedules).values({
      micromarketId: first.id,
      templateId: weekend!.id,
      dateFrom: day(saturday),
      dateTo: day(new Date(saturday.getTime() + DAY_MS)),
      status: SCHEDULE_STATUS.queued,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/** The same shelves and products, half as many of each (an office is quiet at the weekend). */
function fewerOfEach(layout: TPlanogramLayout): TPlanogramLayout {
  return {
    shelves: layout.shelves.map((shelf) => ({
      number: shelf.number,
      sections: shelf.sections.map((section) => ({ ...section, capacity: Math.ceil(section.capacity / 2) })),
    })),
  };
}
