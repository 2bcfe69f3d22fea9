/**
 * Catalogue benchmark (issue: catalogue, "Speed"): on PostgreSQL with 50,000 products and
 * 5,000,000 tags, the tag list filtered by status group (and product) and the product list
 * filtered by text and by category, through the HTTP API under concurrent load. Each
 * scenario is measured twice in the same run: through HTTP, and as the very SQL those
 * requests run (captured from the server's own query log) sent straight to PostgreSQL.
 *
 *   npm run bench                       # full size
 *   BENCH_PRODUCTS=5000 BENCH_TAGS=200000 npm run bench   # a quick look
 *
 * BENCH_DATABASE_URL uses an existing server (a database `vitrina_bench` is made there);
 * otherwise a throwaway cluster is started from the machine's PostgreSQL.
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { generateCatalogue } from './catalogue-data.js';
import { recreateDatabase } from './database.js';
import { measureHttpVsSql, type Scenario } from './http-vs-sql.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const TAGS = Number(process.env.BENCH_TAGS ?? 5_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;

async function scenarios(client: pg.Client): Promise<Scenario[]> {
  const products = await client.query<{ id: number }>(
    'select id from products where org_id = 1 order by id limit 40 offset 1000',
  );
  const level1 = await client.query<{ id: number }>(
    'select id from categories where org_id = 1 and level = 1 order by id',
  );
  const level2 = await client.query<{ id: number }>(
    'select id from categories where org_id = 1 and level = 2 order by id limit 20',
  );
  const statuses = ['in_micromarket', 'sold', 'new', 'not_paid', 'removed', 'written_off'];
  return [
    {
      name: 'tag list: status group + product',
      urls: products.rows.map((row, i) => `/v1/tag/list?status=${statuses[i % 4]}&product_id=${row.id}&per_page=20`),
    },
    { name: 'tag list: status group', urls: statuses.map((status) => `/v1/tag/list?status=${status}&per_page=20`) },
    {
      name: 'product list: text',
      urls: ['cola', 'zero 12', 'salad', 'premium', 'art-1234', 'yogurt bio', 'chips', 'latte mini'].map(
        (q) => `/v1/product/list?q=${encodeURIComponent(q)}&per_page=20`,
      ),
    },
    {
      name: 'product list: category',
      urls: [...level1.rows, ...level2.rows].map((row) => `/v1/product/list?category_id=${row.id}&per_page=20`),
    },
  ];
}

async function main() {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.BENCH_DATABASE_URL ?? temp.url;
  try {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench');
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    process.stdout.write(
      `Generating ${PRODUCTS.toLocaleString('en')} products and ${TAGS.toLocaleString('en')} tags…\n`,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await generateCatalogue(client, { products: PRODUCTS, tags: TAGS, orgId: 1 });
    const plan = await scenarios(client);
    await client.end();
    await measureHttpVsSql({
      url,
      login: { email: 'operator@vitrina.local', password: 'operator123' },
      plan,
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      title: `Catalogue benchmark: ${PRODUCTS.toLocaleString('en')} products, ${TAGS.toLocaleString('en')} tags`,
    });
  } finally {
    temp?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
