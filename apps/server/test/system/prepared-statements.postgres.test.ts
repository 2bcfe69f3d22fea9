import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../helper.js';

/**
 * On PostgreSQL each pool connection prepares a parameterised statement once (db/client.ts):
 * the second run of the same statement on a connection reuses it. PostgreSQL only
 * (vitest.config.ts): PGlite has no connections to prepare on.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('prepared statements', () => {
  it('a parameterised statement is prepared on its connection, one without parameters is not', async () => {
    // One statement text, run with two parameters.
    const byId = (db: Pick<typeof ctx.database.db, 'select'>, id: number) =>
      db.select().from(organizations).where(sql`${organizations.id} = ${id}`);
    const prepared = await ctx.database.db.transaction(async (tx) => {
      // One transaction: one connection, whose prepared statements the view lists (the
      // connection may have served other files' statements before).
      await byId(tx, 1);
      await byId(tx, 2);
      await tx.execute(sql`SELECT 1`);
      const result = await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements`);
      return (result as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    const ours = prepared.filter((row) => row.statement === byId(ctx.database.db, 1).toSQL().sql);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.name).toMatch(/^v[0-9a-f]{20}$/);
    expect(prepared.some((row) => row.statement.trim() === 'SELECT 1')).toBe(false);
  });
});
