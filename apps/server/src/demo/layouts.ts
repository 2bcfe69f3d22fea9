import type { TPlanogramLayout } from '@vitrina/contract';

/** Products on each demo shelf: one section each. */
const SECTIONS_PER_SHELF = 4;

/** Shelves of the demo cabinet at this place in the fleet (VT-1001 is 0): three to five. */
export const demoShelfCount = (index: number) => 3 + (index % 3);

/**
 * What a demo cabinet holds when full, its planogram: each shelf four products of the
 * organisation's active assortment (ids in ascending order), spread over the whole list so
 * drinks, meals and snacks all have their place, with room for four to eight of each. It
 * depends only on the shelf count, so an organisation's cabinets of one size share a layout
 * (one template), as an operator would plan them. The cabinet's shelves, its stock, the
 * simulator's restock pool and its planogram are all made from it: the restock plan then
 * brings what the planogram lacks and nothing else.
 */
export function demoLayout(shelfCount: number, assortment: readonly number[]): TPlanogramLayout {
  const slots = shelfCount * SECTIONS_PER_SHELF;
  const shift = shelfCount * 7;
  const ids = [...new Set(assortment)];
  const shelves: TPlanogramLayout['shelves'] = [];
  if (ids.length === 0) return { shelves };
  const used = new Set<number>();
  for (let number = 1; number <= shelfCount; number++) {
    const sections: TPlanogramLayout['shelves'][number]['sections'] = [];
    for (let k = 0; k < SECTIONS_PER_SHELF; k++) {
      const slot = (number - 1) * SECTIONS_PER_SHELF + k;
      let at = (Math.floor(((slot + 0.5) * ids.length) / slots) + shift) % ids.length;
      // A small assortment would repeat a product: the next one not yet placed instead.
      for (let tries = 0; used.has(ids[at]!) && tries < ids.length; tries++) at = (at + 1) % ids.length;
      if (used.has(ids[at]!)) continue;
      used.add(ids[at]!);
      sections.push({ product_id: ids[at]!, capacity: 4 + ((number + k) % 3) * 2 });
    }
    shelves.push({ number, sections });
  }
  return { shelves };
}

/** The organisation's active products in ascending id, what the demo's planograms are made of. */
export function demoAssortment(rows: readonly { id: number; orgId: number; status: string }[], orgId: number) {
  return rows
    .filter((row) => row.orgId === orgId && row.status === 'active')
    .map((row) => row.id)
    .sort((a, b) => a - b);
}
