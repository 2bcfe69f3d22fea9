import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import type { Db } from './client.js';
import { preparedQuery, preparedSql, slot } from './prepared.js';
import { organizations, paymentTransactions } from './schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A prepared statement that counts how often its text is built. */
function counted() {
  let builds = 0;
  const nameOf = preparedQuery<{ id: number }, { name: string }[]>((db: Db) => {
    builds += 1;
    return db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder('id')));
  });
  return { nameOf, builds: () => builds };
}

async function plainName(db: Db, id: number) {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row!.name;
}

describe('statements built once', () => {
  it('answers what the builder answers, for any values, building the text once per connection', async () => {
    const db = ctx.database.db;
    const a = await createTenant(db);
    const b = await createTenant(db);
    const nameA = await plainName(db, a.org.main);
    const nameB = await plainName(db, b.org.main);
    const { nameOf, builds } = counted();
    for (let i = 0; i < 5; i += 1) {
      expect(await nameOf(db, { id: a.org.main })).toEqual([{ name: nameA }]);
      expect(await nameOf(db, { id: b.org.main })).toEqual([{ name: nameB }]);
    }
    expect(await nameOf(db, { id: 2 ** 31 - 1 })).toEqual([]);
    // The pool (PostgreSQL) or the embedded database: one connection object for all of these.
    expect(builds()).toBe(1);
  });

  it('runs inside a transaction: it sees the transaction’s writes and is rolled back with it', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const before = await plainName(db, tenant.org.main);
    const { nameOf } = counted();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(organizations).set({ name: 'Renamed inside' }).where(eq(organizations.id, tenant.org.main));
        expect(await nameOf(tx, { id: tenant.org.main })).toEqual([{ name: 'Renamed inside' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf(db, { id: tenant.org.main })).toEqual([{ name: before }]);
  });

  it('a slot passes null as SQL NULL and objects as JSON, whatever the column', async () => {
    const db = ctx.database.db;
    const tenant = await createTenant(db);
    const insert = preparedQuery<
      { orgId: number; key: string; reference: string | null; request: Record<string, unknown> },
      { id: number }[]
    >((q) =>
      q
        .insert(paymentTransactions)
        .values({
          orgId: slot('orgId'),
          type: 1,
          status: 10,
          operation: 'charge',
          provider: 'test',
          amountMinor: 100,
          currency: 'EUR',
          idempotencyKey: slot('key'),
          providerReference: slot('reference'),
          request: slot('request'),
        })
        .returning({ id: paymentTransactions.id }),
    );
    const [row] = await insert(db, {
      orgId: tenant.org.main,
      key: `prepared-${tenant.org.main}`,
      reference: null,
      request: { amount: 100, note: null },
    });
    const stored = await db.execute(
      sql`SELECT provider_reference IS NULL AS "isNull", request FROM payment_transactions WHERE id = ${row!.id}`,
    );
    const [fields] = (stored as unknown as { rows: { isNull: boolean; request: unknown }[] }).rows;
    expect(fields).toEqual({ isNull: true, request: { amount: 100, note: null } });
  });

  it('a statement in SQL answers the rows db.execute answers, array parameters included', async () => {
    const pair = preparedSql<{ ids: number[]; tags: (string | null)[] }>(
      sql`SELECT cardinality(${sql.placeholder('ids')}::integer[]) AS ids, ${sql.placeholder('tags')}::text[] AS tags`,
    );
    const result = await pair(ctx.database.db, { ids: [3, 1, 2], tags: ['a', null] });
    expect(result.rows).toEqual([{ ids: 3, tags: ['a', null] }]);
  });
});
