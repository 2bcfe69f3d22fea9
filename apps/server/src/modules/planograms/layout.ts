import type { TPlanogramLayout, TPlanogramLayoutView } from '@vitrina/contract';
import { ZPlanogramLayout } from '@vitrina/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { fileUrl } from '../../lib/storage.js';

/** A stored layout (jsonb written by this module from a parsed ZPlanogramLayout). */
export function readLayout(stored: unknown): TPlanogramLayout {
  const parsed = ZPlanogramLayout.safeParse(stored);
  return parsed.success ? parsed.data : { shelves: [] };
}

/** Items the layout expects of each product when full. */
export function expectedByProduct(layout: TPlanogramLayout): Map<number, number> {
  const expected = new Map<number, number>();
  for (const shelf of layout.shelves) {
    for (const section of shelf.sections) {
      if (section.product_id === null) continue;
      expected.set(section.product_id, (expected.get(section.product_id) ?? 0) + section.capacity);
    }
  }
  return expected;
}

export const capacityOf = (layout: TPlanogramLayout) =>
  layout.shelves.reduce(
    (sum, shelf) => sum + shelf.sections.reduce((inner, section) => inner + section.capacity, 0),
    0,
  );

/** Every product of the layout must be the organisation's (400 on `layout`). */
export async function assertLayoutProducts(db: Db, orgId: number, layout: TPlanogramLayout): Promise<void> {
  const wanted = [...expectedByProduct(layout).keys()];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: products.id, orgId: products.orgId })
    .from(products)
    .where(inArray(products.id, wanted));
  if (found.length !== wanted.length || found.some((row) => row.orgId !== orgId)) {
    throw new AppError(400, 'planogram.product_unknown', {}, { layout: 'planogram.product_unknown' });
  }
}

/** Layouts as read back, each section with its product's name and picture (one query for all of them). */
export async function viewsOf(db: Db, layouts: TPlanogramLayout[]): Promise<TPlanogramLayoutView[]> {
  const ids = [
    ...new Set(layouts.flatMap((layout) => layout.shelves.flatMap((shelf) => shelf.sections.map((s) => s.product_id)))),
  ].filter((id): id is number => id !== null);
  const found =
    ids.length === 0
      ? new Map<number, { name: string; thumbKey: string | null }>()
      : new Map(
          (
            await db
              .select({ id: products.id, name: products.name, thumbKey: products.thumbKey })
              .from(products)
              .where(inArray(products.id, ids))
          ).map((row) => [row.id, row]),
        );
  return layouts.map((layout) => ({
    shelves: layout.shelves.map((shelf) => ({
      number: shelf.number,
      sections: shelf.sections.map((section) => {
        const product = section.product_id === null ? undefined : found.get(section.product_id);
        return {
          product_id: section.product_id,
          product_name: product?.name ?? null,
          thumb_url: fileUrl(product?.thumbKey ?? null),
          capacity: section.capacity,
        };
      }),
    })),
  }));
}
