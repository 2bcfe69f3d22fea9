import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { fromJsonRow } from './json-row.js';
import { organizations } from './schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('rows from row_to_json', () => {
  it('gives the row drizzle’s select gives: names, timestamps, json and nulls', async () => {
    const tenant = await createTenant(ctx.database.db);
    const db = ctx.database.db;
    const [selected] = await db.select().from(organizations).where(sql`${organizations.id} = ${tenant.org.main}`);
    const result = await db.execute(
      sql`SELECT row_to_json(o) AS row FROM organizations o WHERE o.id = ${tenant.org.main}`,
    );
    const json = (result as unknown as { rows: { row: Record<string, unknown> }[] }).rows[0]!.row;
    expect(fromJsonRow(organizations, json)).toEqual(selected);
  });
});
