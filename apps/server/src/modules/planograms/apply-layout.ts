import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarketPlanograms, priceTags, shelves } from '../../db/schema/index.js';
import type { ActorVia } from '../../lib/actor.js';
import { queuePriceTagUpdate } from '../device-commands/index.js';
import { pointPriceTagAt } from '../micromarkets/index.js';
import { readLayout } from './layout.js';

type Template = { id: number; name: string; layout: unknown };

/**
 * Makes `template` the micromarket's layout, in the caller's transaction: the active one is
 * deactivated (§5: adding a template deactivates the previous active one), a copy of the
 * template's layout becomes active, each shelf's price labels (by label code, left to
 * right) are pointed at its sections' products, and the labels' update command is queued.
 */
export async function applyLayout(
  db: Db,
  options: {
    micromarketId: number;
    template: Template;
    scheduleId: number | null;
    now: Date;
    by: { userId: number | null; label: string; via: ActorVia };
  },
): Promise<void> {
  const { micromarketId, template, now } = options;
  await db
    .update(micromarketPlanograms)
    .set({ active: false, deactivatedAt: now })
    .where(and(eq(micromarketPlanograms.micromarketId, micromarketId), eq(micromarketPlanograms.active, true)));
  const layout = readLayout(template.layout);
  await db.insert(micromarketPlanograms).values({
    micromarketId,
    templateId: template.id,
    templateName: template.name,
    layout,
    scheduleId: options.scheduleId,
    active: true,
    activatedAt: now,
  });
  await pointLabels(db, micromarketId, layout.shelves);
  await queuePriceTagUpdate(db, {
    micromarketId,
    label: options.by.label,
    requestedBy: options.by.userId,
    via: options.by.via,
    now,
  });
}

async function pointLabels(db: Db, micromarketId: number, layoutShelves: ReturnType<typeof readLayout>['shelves']) {
  const numbers = layoutShelves.map((shelf) => shelf.number);
  if (numbers.length === 0) return;
  const rows = await db
    .select({ id: shelves.id, number: shelves.number })
    .from(shelves)
    .where(and(eq(shelves.micromarketId, micromarketId), inArray(shelves.number, numbers)));
  for (const shelf of rows) {
    const products = layoutShelves
      .find((candidate) => candidate.number === shelf.number)!
      .sections.flatMap((section) => (section.product_id === null ? [] : [section.product_id]));
    const labels = await db
      .select({ id: priceTags.id })
      .from(priceTags)
      .where(eq(priceTags.shelfId, shelf.id))
      .orderBy(asc(priceTags.labelCode));
    for (const [index, label] of labels.entries()) {
      if (index >= products.length) break;
      await pointPriceTagAt(db, label.id, products[index]!);
    }
  }
}
