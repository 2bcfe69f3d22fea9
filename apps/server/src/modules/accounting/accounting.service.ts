import type { TAccounting, TAccountingRow, ZAccountingQuery, ZExportAccountingQuery } from '@vitrina/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { micromarketInventory } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { rowsOf } from '../../lib/sql.js';
import { type ExportColumn, exportTable, type FileAnswer } from '../../lib/table-export.js';
import { visibleMicromarketOrg } from '../micromarkets/index.js';

const DAY_MS = 86_400_000;
type Period = { from?: string | undefined; to?: string | undefined };
type Counts = Omit<TAccountingRow, 'product_id' | 'product_name'>;

/** The period's days, the last 7 by default; `to` is included (its end is the next midnight, UTC). */
function periodOf(now: Date, query: Period) {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 6 * DAY_MS).toISOString().slice(0, 10);
  return { from, to, start: new Date(`${from}T00:00:00.000Z`), end: new Date(Date.parse(to) + DAY_MS) };
}

/**
 * The moves of the micromarket's tags (tag_moves, written by a trigger on every change) read
 * three ways: the last move of each tag before the period says what was inside when it
 * began; moves into the micromarket during it are loads; moves out of it are sales (to sold
 * or not paid), write-offs, or returns (removed, or moved elsewhere).
 */
async function movesOf(ctx: ServiceContext, micromarketId: number, start: Date, end: Date) {
  const result = await ctx.db.execute(sql`
    WITH m AS (
      SELECT * FROM tag_moves
      WHERE (from_micromarket_id = ${micromarketId} OR to_micromarket_id = ${micromarketId}) AND at < ${end.toISOString()}::timestamptz
    ),
    before AS (
      SELECT DISTINCT ON (tag_id) product_id, to_micromarket_id, to_status FROM m
      WHERE at < ${start.toISOString()}::timestamptz ORDER BY tag_id, at DESC, id DESC
    ),
    during AS (SELECT * FROM m WHERE at >= ${start.toISOString()}::timestamptz),
    rows AS (
      SELECT product_id, 'opening' AS kind FROM before
        WHERE to_micromarket_id = ${micromarketId} AND to_status = 'in_micromarket'
      UNION ALL
      SELECT product_id, 'loaded' FROM during
        WHERE to_micromarket_id = ${micromarketId} AND to_status = 'in_micromarket'
          AND (from_micromarket_id IS DISTINCT FROM ${micromarketId} OR from_status IS DISTINCT FROM 'in_micromarket')
      UNION ALL
      SELECT product_id, CASE
          WHEN to_micromarket_id IS NOT DISTINCT FROM ${micromarketId} AND to_status IN ('sold', 'not_paid') THEN 'sold'
          WHEN to_status = 'written_off' THEN 'written_off'
          ELSE 'returned' END
        FROM during
        WHERE from_micromarket_id = ${micromarketId} AND from_status = 'in_micromarket'
          AND (to_micromarket_id IS DISTINCT FROM ${micromarketId} OR to_status <> 'in_micromarket')
    )
    SELECT r.product_id AS "productId", p.name AS "productName", r.kind, count(*)::int AS n
    FROM rows r JOIN products p ON p.id = r.product_id
    GROUP BY r.product_id, p.name, r.kind`);
  return rowsOf<{ productId: number; productName: string; kind: keyof Counts; n: number }>(result);
}

const zero = (): Counts => ({
  opening: 0,
  loaded: 0,
  sold: 0,
  returned: 0,
  written_off: 0,
  expected: 0,
  counted: null,
  missing: null,
});

export async function reconcile(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  query: z.output<typeof ZAccountingQuery>,
): Promise<TAccounting> {
  await visibleMicromarketOrg(ctx, actor, micromarketId);
  const { from, to, start, end } = periodOf(ctx.clock.now(), query);
  const [moves, [scan]] = await Promise.all([
    movesOf(ctx, micromarketId, start, end),
    ctx.db.select().from(micromarketInventory).where(eq(micromarketInventory.micromarketId, micromarketId)),
  ]);
  const counts = (scan?.counts ?? {}) as Record<string, number>;
  const byProduct = new Map<number, TAccountingRow>();
  const rowOf = (productId: number, productName: string) => {
    let row = byProduct.get(productId);
    if (!row) {
      row = { product_id: productId, product_name: productName, ...zero() };
      byProduct.set(productId, row);
    }
    return row;
  };
  for (const move of moves) (rowOf(move.productId, move.productName)[move.kind] as number) += move.n;
  if (scan) {
    const unknown = Object.keys(counts)
      .map(Number)
      .filter((id) => !byProduct.has(id));
    if (unknown.length > 0) {
      const names = rowsOf<{ id: number; name: string }>(
        await ctx.db.execute(sql`SELECT id, name FROM products WHERE id = ANY(${`{${unknown.join(',')}}`}::int[])`),
      );
      for (const product of names) rowOf(product.id, product.name);
    }
  }
  const items = [...byProduct.values()].map((row) => {
    const expected = row.opening + row.loaded - row.sold - row.returned - row.written_off;
    const counted = scan ? (counts[String(row.product_id)] ?? 0) : null;
    return { ...row, expected, counted, missing: counted === null ? null : expected - counted };
  });
  items.sort((a, b) => (b.missing ?? 0) - (a.missing ?? 0) || a.product_name.localeCompare(b.product_name));
  const totals = items.reduce<Counts>(
    (sum, row) => ({
      opening: sum.opening + row.opening,
      loaded: sum.loaded + row.loaded,
      sold: sum.sold + row.sold,
      returned: sum.returned + row.returned,
      written_off: sum.written_off + row.written_off,
      expected: sum.expected + row.expected,
      counted: row.counted === null ? sum.counted : (sum.counted ?? 0) + row.counted,
      missing: row.missing === null ? sum.missing : (sum.missing ?? 0) + row.missing,
    }),
    { ...zero(), ...(scan ? { counted: 0, missing: 0 } : {}) },
  );
  return { micromarket_id: micromarketId, from, to, scanned_at: scan?.scannedAt.toISOString() ?? null, items, totals };
}

const COLUMNS: readonly ExportColumn<TAccountingRow>[] = [
  { header: 'product_id', value: (row) => row.product_id, width: 10 },
  { header: 'product', value: (row) => row.product_name, width: 30 },
  { header: 'opening', value: (row) => row.opening, width: 9 },
  { header: 'loaded', value: (row) => row.loaded, width: 9 },
  { header: 'sold', value: (row) => row.sold, width: 9 },
  { header: 'returned', value: (row) => row.returned, width: 9 },
  { header: 'written_off', value: (row) => row.written_off, width: 9 },
  { header: 'expected', value: (row) => row.expected, width: 9 },
  { header: 'counted', value: (row) => row.counted, width: 9 },
  { header: 'missing', value: (row) => row.missing, width: 9 },
];

export async function exportReconciliation(
  ctx: ServiceContext,
  actor: UserActor,
  micromarketId: number,
  query: z.output<typeof ZExportAccountingQuery>,
): Promise<FileAnswer> {
  const report = await reconcile(ctx, actor, micromarketId, query);
  return exportTable({
    name: `accounting-${micromarketId}-${report.from}-${report.to}`,
    format: query.format,
    columns: COLUMNS,
    rows: report.items,
  });
}
