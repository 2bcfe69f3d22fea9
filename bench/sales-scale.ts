/**
 * Sales at scale: 2,000,000 sales with one to three lines each over the
 * last 180 days, on PostgreSQL, then the transaction list (its filters and its second page),
 * the list's totals and a month's sales report, each through the real HTTP server and as the
 * very SQL it runs. Targets: the list's p95 under 50 ms and at most 2× the same SQL; a
 * month's report under 300 ms. Measurement only: it prints, it never fails on a number.
 * Then a month's report by product three ways, as SQL: from the organisation-day rollup (what
 * the report reads), from the micromarket-day rollup (what it read before issue 36) and from
 * the sales themselves, with the ratios.
 *
 *   npm run bench:sales-scale
 *   BENCH_SALES=200000 npm run bench:sales-scale      # a quick look
 *   npm run bench:sales-scale -- --micromarkets 10000  # the organisation's fleet (200 by default)
 *   BENCH_DAYS=35 BENCH_SALES=3000000 npm run bench:sales-scale -- --micromarkets 10000
 *                                                      # the same sales over a month: ~9 a fridge a day
 *
 * BENCH_DATABASE_URL uses an existing server (a database `vitrina_bench_sales` is made
 * there); otherwise a throwaway cluster is started from the machine's PostgreSQL.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { rebuildSaleRollups, saleDay } from '../apps/server/src/modules/reports/index.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { generateCatalogue } from './catalogue-data.js';
import { recreateDatabase } from './database.js';
import { type Get, measureHttpVsSql, type Scenario } from './http-vs-sql.js';
import { runLoad, summarise } from './load.js';

const SALES = Number(process.env.BENCH_SALES ?? 2_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const DAYS = Number(process.env.BENCH_DAYS ?? 180);
const { values: args } = parseArgs({ options: { micromarkets: { type: 'string', default: '200' } } });
const MICROMARKETS = Number(args.micromarkets);
const ORG_ID = 1;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Customers, and sales of organisation 1 (on its micromarkets) spread evenly over the last DAYS days, ids in time order, by SQL. */
async function generateSales(client: pg.Client) {
  await client.query(
    `insert into users (org_id, name, email, phones, user_type)
     select $1, 'Customer ' || g, 'bench-customer-' || g || '@sales.bench', array['+38050' || lpad(g::text, 7, '0')], 1
     from generate_series(1, 2000) g`,
    [ORG_ID],
  );
  await client.query(
    `with m as (select array_agg(id order by id) ids, count(*)::int n from micromarkets where org_id = $1),
          u as (select array_agg(id order by id) ids from users where org_id = $1 and user_type = 1)
     insert into transactions (org_id, micromarket_id, customer_id, client_type, payment_type, status,
       payment_status, currency, gross_minor, discount_minor, amount_minor, paid_minor, cost_minor,
       opened_at, closed_at, settled_at, created_at, updated_at)
     select $1, m.ids[1 + g % m.n], u.ids[1 + (g * 7) % 2000], 1, (array[1, 1, 1, 2, 4])[1 + g % 5], 1,
       case when g % 23 = 0 then 2 else 1 end, 'UAH', a, 0, a, case when g % 23 = 0 then 0 else a end, a * 6 / 10,
       t, t + interval '40 seconds', t + interval '42 seconds', t, t
     from m, u, generate_series(1, $2::int) g,
       lateral (select now() - make_interval(days => $3) + (g::float8 / $2) * make_interval(days => $3) as t,
                       1000 + (g * 13) % 20000 as a) s`,
    [ORG_ID, SALES, DAYS],
  );
  await client.query(
    `with p as (select array_agg(id order by id) ids, array_agg(name order by id) names,
                       array_agg(category_id order by id) cats, count(*)::int n
                from products where org_id = $1)
     insert into transaction_products (transaction_id, product_id, name, category_id, source, quantity,
       list_price_minor, price_minor, cost_minor)
     select t.id, p.ids[k], p.names[k], p.cats[k], 'tag', 1, t.amount_minor, t.amount_minor, t.cost_minor
     from transactions t, p, generate_series(0, (t.id % 3)::int) line,
       lateral (select 1 + ((t.id * 7 + line * 13) % p.n)::int as k) pick
     where t.org_id = $1`,
    [ORG_ID],
  );
  await client.query('analyze');
}

const dayAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The periods' starts (days ago) that lie inside the generated sales, or the latest one that does. */
function within(starts: number[], length: number): number[] {
  const inside = starts.filter((start) => start + length <= DAYS);
  return inside.length > 0 ? inside : [Math.max(0, DAYS - length - 1)];
}

/** The months the reports read: 30 days each, ending `start` days ago. */
const monthsAgo = () => within([35, 65, 95, 125], 30);

async function scenarios(client: pg.Client, get: Get): Promise<Scenario[]> {
  const micromarkets = await client.query<{ id: number }>('select id from micromarkets where org_id = $1 order by id', [
    ORG_ID,
  ]);
  const customers = await client.query<{ id: number }>(
    'select id from users where org_id = $1 and user_type = 1 order by id limit 20 offset 100',
    [ORG_ID],
  );
  const day = dayAgo;
  const weeks = within([10, 40, 70, 100, 130, 160], 7).map((start) => `from=${day(start + 6)}&to=${day(start)}`);
  const months = monthsAgo().map((start) => `from=${day(start + 29)}&to=${day(start)}`);
  // Second pages: the cursor each first page hands out.
  const secondPages: string[] = [];
  for (const filter of ['', ...micromarkets.rows.slice(0, 4).map((row) => `&micromarket_id=${row.id}`)]) {
    const first = (await get(`/v1/device/transaction/list?per_page=50${filter}`)) as { next_cursor: string };
    secondPages.push(
      `/v1/device/transaction/list?per_page=50${filter}&cursor=${encodeURIComponent(first.next_cursor)}`,
    );
  }
  const list = '/v1/device/transaction/list?per_page=50';
  return [
    { name: 'list: newest', urls: [list] },
    { name: 'list: second page', urls: secondPages },
    {
      name: 'list: micromarket',
      // At most 200 (each URL's statements are captured one by one before the load).
      urls: micromarkets.rows.slice(0, 200).map((row) => `${list}&micromarket_id=${row.id}`),
    },
    { name: 'list: a week, not paid', urls: weeks.map((week) => `${list}&${week}&payment_status=2`) },
    { name: 'list: customer', urls: customers.rows.map((row) => `${list}&customer_id=${row.id}`) },
    {
      name: 'list: amount range',
      urls: ['1000', '5000', '12000'].map((min) => `${list}&amount_min=${min}&amount_max=${Number(min) + 500}`),
    },
    { name: 'totals: a week', urls: weeks.map((week) => `/v1/device/transaction/totals?${week}`) },
    { name: 'report: a month by day', urls: months.map((month) => `/v1/report/sales?${month}&group_by=day`) },
    { name: 'report: a month by product', urls: months.map((month) => `/v1/report/sales?${month}&group_by=product`) },
    {
      name: 'report: a month by micromarket',
      urls: months.map((month) => `/v1/report/sales?${month}&group_by=micromarket`),
    },
  ];
}

type Statement = { text: string; values: unknown[] };

/**
 * A month's report by product of organisation 1, its rows and totals, as SQL from each source:
 * the organisation-day rollup (what the report runs), the micromarket-day rollup (what it ran
 * before issue 36), and the sales and their lines themselves.
 */
function reportByProduct(source: 'org' | 'micromarket' | 'sales', from: string, to: string): Statement[] {
  const values = [[ORG_ID], from, to];
  const rollup = (products: string, daily: string): Statement[] => [
    {
      text: `SELECT a.grp::text AS key, coalesce(g.name, '') AS label, a.currency, a.sales, a.items, a.revenue, a.cost
        FROM (SELECT r.product_id AS grp, r.currency, sum(r.sales)::int AS sales, sum(r.items)::int AS items,
            sum(r.revenue_minor)::bigint AS revenue, sum(r.cost_minor)::bigint AS cost
          FROM ${products} r WHERE r.day BETWEEN $2::date AND $3::date AND r.org_id = ANY($1::int[]) GROUP BY 1, 2) a
        LEFT JOIN products g ON g.id = a.grp ORDER BY 1, 3`,
      values,
    },
    {
      text: `SELECT r.currency, sum(r.sales)::int AS sales, sum(r.items)::int AS items, sum(r.revenue_minor)::bigint AS revenue,
          sum(r.refunds_minor)::bigint AS refunds, sum(r.cost_minor)::bigint AS cost
        FROM ${daily} r WHERE r.day BETWEEN $2::date AND $3::date AND r.org_id = ANY($1::int[]) GROUP BY r.currency`,
      values,
    },
  ];
  if (source === 'org') return rollup('sales_org_daily_products', 'sales_org_daily');
  if (source === 'micromarket') return rollup('sales_daily_products', 'sales_daily');
  const period = `t.org_id = ANY($1::int[]) AND t.opened_at >= $2::date::timestamp AT TIME ZONE 'UTC'
    AND t.opened_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC' AND t.payment_status = 1 AND NOT t.is_test`;
  return [
    {
      text: `SELECT a.grp::text AS key, coalesce(g.name, '') AS label, a.currency, a.sales, a.items, a.revenue, a.cost
        FROM (SELECT coalesce(p.product_id, 0) AS grp, t.currency, count(DISTINCT t.id)::int AS sales,
            sum(p.quantity)::int AS items, sum(p.quantity * p.price_minor)::bigint AS revenue,
            sum(p.quantity * p.cost_minor)::bigint AS cost
          FROM transactions t JOIN transaction_products p ON p.transaction_id = t.id
          WHERE ${period} AND p.quantity > 0 GROUP BY 1, 2) a
        LEFT JOIN products g ON g.id = a.grp ORDER BY 1, 3`,
      values,
    },
    {
      text: `SELECT t.currency, count(*)::int AS sales,
          coalesce(sum((SELECT sum(p.quantity) FROM transaction_products p WHERE p.transaction_id = t.id)), 0)::int AS items,
          sum(t.paid_minor)::bigint AS revenue, sum(t.refunded_minor)::bigint AS refunds, sum(t.cost_minor)::bigint AS cost
        FROM transactions t WHERE ${period} GROUP BY t.currency`,
      values,
    },
  ];
}

/** The three sources measured under the same load, and their answers checked to be the same figures. */
async function compareReportSources(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  try {
    const months = monthsAgo().map((start) => ({ from: dayAgo(start + 29), to: dayAgo(start) }));
    const run = async (source: 'org' | 'micromarket' | 'sales', i: number) => {
      const month = months[i % months.length]!;
      const answers = [];
      for (const statement of reportByProduct(source, month.from, month.to))
        answers.push((await pool.query(statement.text, statement.values)).rows);
      return answers;
    };
    const first = await Promise.all((['org', 'micromarket', 'sales'] as const).map((source) => run(source, 0)));
    const same = first.every((answer) => JSON.stringify(answer) === JSON.stringify(first[0]));
    const rowsRead = await pool.query<{ org: string; micromarket: string; lines: string }>(
      `SELECT (SELECT count(*) FROM sales_org_daily_products WHERE org_id = $1 AND day BETWEEN $2::date AND $3::date)::text AS org,
        (SELECT count(*) FROM sales_daily_products WHERE org_id = $1 AND day BETWEEN $2::date AND $3::date)::text AS micromarket,
        (SELECT count(*) FROM transactions t JOIN transaction_products p ON p.transaction_id = t.id
          WHERE t.org_id = $1 AND t.opened_at >= $2::date::timestamp AT TIME ZONE 'UTC'
            AND t.opened_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC')::text AS lines`,
      [ORG_ID, months[0]!.from, months[0]!.to],
    );
    const measured = [];
    for (const source of ['org', 'micromarket', 'sales'] as const) {
      const task = async (i: number) => {
        await run(source, i);
        return true;
      };
      await runLoad({ concurrency: CONCURRENCY, durationMs: 2000, task });
      measured.push({
        source,
        ...summarise(await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, task })),
      });
    }
    const org = measured[0]!;
    const counts = rowsRead.rows[0]!;
    say(
      `\nA month's report by product (rows and totals) of ${MICROMARKETS.toLocaleString('en')} bench micromarkets as SQL, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s each; target < 300 ms`,
    );
    say(
      `rows in the first month: organisation-days ${Number(counts.org).toLocaleString('en')}, micromarket-days ${Number(counts.micromarket).toLocaleString('en')}, sale lines ${Number(counts.lines).toLocaleString('en')}; the three answers ${same ? 'are the same figures' : 'DIFFER'}\n`,
    );
    say('source                         p50 ms    p95 ms   req/s   p95 ÷ organisation-days');
    const label = {
      org: 'organisation-day rollup',
      micromarket: 'micromarket-day rollup',
      sales: 'the sales themselves',
    };
    for (const row of measured) {
      say(
        `${label[row.source].padEnd(28)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(9)} ${row.rps.toFixed(1).padStart(7)}   ${(row.p95 / org.p95).toFixed(1).padStart(8)}`,
      );
    }
    say(`${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`);
  } finally {
    await pool.end();
  }
}

async function main() {
  const temp = process.env.BENCH_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl: string = process.env.BENCH_DATABASE_URL ?? temp.url;
  try {
    const url = await recreateDatabase(adminUrl, 'vitrina_bench_sales');
    const database = await openDatabase({ databaseUrl: url });
    await database.migrate();
    await seedDemo(database.db);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await generateCatalogue(client, { products: 2000, tags: 0, orgId: ORG_ID, micromarkets: MICROMARKETS });
    let started = Date.now();
    await generateSales(client);
    say(`${SALES.toLocaleString('en')} sales and their lines made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    started = Date.now();
    const today = Date.now();
    await rebuildSaleRollups(database.db, {
      from: saleDay(new Date(today - (DAYS + 1) * 86_400_000)),
      to: saleDay(new Date(today + 86_400_000)),
    });
    say(`sales rollups rebuilt in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await database.close();
    await measureHttpVsSql({
      url,
      login: { email: 'operator@vitrina.local', password: 'operator123' },
      plan: (get) => scenarios(client, get),
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      title: `Sales benchmark: ${SALES.toLocaleString('en')} sales over ${DAYS} days on ${MICROMARKETS.toLocaleString('en')} bench micromarkets; targets: list p95 < 50 ms and ≤ 2× its SQL, a month's report < 300 ms`,
    });
    await compareReportSources(url);
    await client.end();
  } finally {
    temp?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
