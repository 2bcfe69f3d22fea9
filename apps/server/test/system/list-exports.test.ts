import { api, type Endpoint } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, technicalAlerts } from '../../src/db/schema/index.js';
import { callApi } from '../api-client.js';
import {
  codes,
  insertCategory,
  insertMaker,
  insertMicromarket,
  insertProduct,
  insertTags,
} from '../factories/catalogue.js';
import { insertCustomerWithCard } from '../factories/sales.js';
import { uniqueCodePrefix } from '../factories/sequence.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createSignedInUser } from '../factories/users.js';
import { call, createTestContext, type TestContext } from '../helper.js';
import { readXlsxRows } from '../xlsx-reader.js';

/** The one export path of the lists: each answers its list's filters, sort and organisations. */
let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Shop = {
  tenant: Tenant;
  fridges: number[];
  products: { cola: number; pierogi: number };
  categories: { drinks: number; juices: number; snacks: number };
  /** The code prefix of this shop's tags: main's Cola 1 (new), 2 (sold), Krakow's Pierogi 3 (new). */
  codePrefix: string;
  orders: { main: number; krakow: number };
};

/**
 * A tenant with two fridges in main and one in Krakow, a product in each, an alert per
 * fridge, a maker and a top-level category in each (main's with a child), three tags, and
 * an order in each.
 */
async function seedShop(tag: string): Promise<Shop> {
  const tenant = await createTenant(db());
  const { main, krakow } = tenant.org;
  const fridges = [
    await insertMicromarket(db(), main, `${tag} Fridge A`, { temperature: 4.5 }),
    await insertMicromarket(db(), main, `${tag} Fridge B`),
    await insertMicromarket(db(), krakow, `${tag} Fridge K`),
  ];
  const makerA = await insertMaker(db(), main, `${tag} Maker A`);
  await insertMaker(db(), krakow, `${tag} Maker K`);
  const cola = await insertProduct(db(), main, {
    name: `${tag} Cola`,
    sellCostMinor: 2550,
    status: 'active',
    makerId: makerA,
  });
  const pierogi = await insertProduct(db(), krakow, { name: `${tag} Pierogi`, sellCostMinor: 900, status: 'inactive' });
  const drinks = await insertCategory(db(), main, { name: `${tag} Drinks` });
  const juices = await insertCategory(db(), main, { name: `${tag} Juices`, parentId: drinks });
  const snacks = await insertCategory(db(), krakow, { name: `${tag} Snacks` });
  const codePrefix = uniqueCodePrefix();
  const [first, second, third] = codes(codePrefix, 3);
  await insertTags(db(), main, cola, [
    { code: first!, micromarketId: fridges[0]! },
    { code: second!, status: 'sold' },
  ]);
  await insertTags(db(), krakow, pierogi, [{ code: third! }]);
  const shopOrders = {
    main: await insertOrder(main, fridges[0]!, `${tag} Customer A`, { productId: cola, quantity: 2, priceMinor: 2550 }),
    krakow: await insertOrder(
      krakow,
      fridges[2]!,
      `${tag} Customer K`,
      { productId: pierogi, quantity: 1, priceMinor: 900 },
      { status: 2, currency: 'PLN' },
    ),
  };
  const orgOf = [main, main, krakow];
  await db()
    .insert(technicalAlerts)
    .values(
      fridges.map((micromarketId, index) => ({
        orgId: orgOf[index]!,
        micromarketId,
        type: 1,
        status: index === 1 ? ('resolved' as const) : ('open' as const),
        openedAt: new Date(Date.UTC(2026, 2, 1 + index)),
        lastSeenAt: new Date(Date.UTC(2026, 2, 1 + index)),
        details: { temperature: 9.9 + index, limit: 8 },
      })),
    );
  return {
    tenant,
    fridges,
    products: { cola, pierogi },
    categories: { drinks, juices, snacks },
    codePrefix,
    orders: shopOrders,
  };
}

/** A new order of one line by a new customer of the organisation. */
async function insertOrder(
  orgId: number,
  micromarketId: number,
  customerName: string,
  line: { productId: number; quantity: number; priceMinor: number },
  values: { status?: number; currency?: string } = {},
): Promise<number> {
  const customer = await insertCustomerWithCard(db(), orgId, { name: customerName });
  const [order] = await db()
    .insert(orders)
    .values({
      orgId,
      micromarketId,
      customerId: customer.userId,
      totalMinor: line.quantity * line.priceMinor,
      currency: 'UAH',
      paymentMode: 'on_pickup',
      note: 'By the door',
      ...values,
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderLines)
    .values({ orderId: order!.id, ...line });
  return order!.id;
}

/** CSV text as rows of cells: quoted cells lose their quotes, doubled quotes become one. */
function parseCsv(body: string): string[][] {
  return body
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell = '']) =>
        cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
      ),
    );
}

/** A list's export, or the list itself: GET endpoints with a query and no params. */
type ListEndpoint = (typeof EXPORTS)[number]['endpoint'] | (typeof EXPORTS)[number]['list'];

async function csvOf(endpoint: ListEndpoint, token: string, query: Record<string, string> = {}): Promise<string[][]> {
  const response = await callApi(ctx, endpoint, { token, query: { format: 'csv', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toMatch(/attachment/);
  return parseCsv(response.body);
}

const column = (rows: string[][], name: string) => {
  const index = rows[0]!.indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]);
};

/**
 * A table without its timestamp columns (XLSX holds a date as Excel's day number, CSV as
 * ISO text), each row as wide as the headings (XLSX leaves trailing empty cells out).
 */
function withoutTimestamps(rows: string[][]): string[][] {
  const kept = rows[0]!.flatMap((heading, index) => (/_at$|^store_up_to$/.test(heading) ? [] : [index]));
  return rows.map((row) => kept.map((index) => row[index] ?? ''));
}

/** Each list's export, with the list it exports and the query that shows every row the caller may see. */
const EXPORTS = [
  { endpoint: api.micromarket.export, list: api.micromarket.list, all: {} },
  { endpoint: api.product.export, list: api.product.list, all: {} },
  { endpoint: api.alert.alertsExport, list: api.alert.alerts, all: { status: 'all' } },
  { endpoint: api.category.export, list: api.category.list, all: {} },
  { endpoint: api.maker.export, list: api.maker.list, all: {} },
  { endpoint: api.tag.export, list: api.tag.list, all: {} },
  { endpoint: api.order.export, list: api.order.list, all: {} },
  { endpoint: api.organization.export, list: api.organization.list, all: {} },
] as const satisfies readonly { endpoint: Endpoint; list: Endpoint; all: Record<string, string> }[];

/** The exports whose list takes an organisation filter and refuses one the caller does not see. */
const ORG_FILTERED: ListEndpoint[] = [
  api.micromarket.export,
  api.product.export,
  api.alert.alertsExport,
  api.category.export,
  api.maker.export,
  api.order.export,
];

describe('list exports', () => {
  let shop: Shop;
  let other: Shop;
  beforeAll(async () => {
    shop = await seedShop('Alpha');
    other = await seedShop('Omega');
  });

  it('exports the micromarkets the list shows, in its order, with no other tenant’s rows', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf(api.micromarket.export, token, { sort: '-name' });
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'serial_number', 'connection', 'temperature']));
    expect(column(rows, 'name')).toEqual(['Alpha Fridge K', 'Alpha Fridge B', 'Alpha Fridge A']);
    const searched = await csvOf(api.micromarket.export, token, { q: 'Fridge A' });
    expect(column(searched, 'name')).toEqual(['Alpha Fridge A']);
    expect(column(searched, 'temperature')).toEqual(['4.5']);
    // Krakow's own operator: Krakow only.
    const krakow = await csvOf(api.micromarket.export, await shop.tenant.token('editor'));
    expect(column(krakow, 'name')).toEqual(['Alpha Fridge K']);
  });

  it('exports the products with their prices in major units beside the currency', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf(api.product.export, token, { sort: 'name' });
    const names = column(rows, 'name');
    expect(names).toEqual(['Alpha Cola', 'Alpha Pierogi']);
    expect(rows.slice(1).map((row) => [row[rows[0]!.indexOf('currency')], row[rows[0]!.indexOf('sell_cost')]])).toEqual(
      [
        ['UAH', '25.5'],
        ['PLN', '9'],
      ],
    );
    const inactive = await csvOf(api.product.export, token, { status: 'inactive' });
    expect(column(inactive, 'name')).toEqual(['Alpha Pierogi']);
  });

  it('exports the alerts of the filter, newest first', async () => {
    const token = await shop.tenant.token('operator');
    const active = await csvOf(api.alert.alertsExport, token);
    expect(column(active, 'micromarket')).toEqual(['Alpha Fridge K', 'Alpha Fridge A']);
    const all = await csvOf(api.alert.alertsExport, token, { status: 'all', sort: 'opened_at' });
    expect(column(all, 'micromarket')).toEqual(['Alpha Fridge A', 'Alpha Fridge B', 'Alpha Fridge K']);
    expect(column(all, 'status')).toEqual(['open', 'resolved', 'open']);
  });

  it('exports one level of categories: its parent, organisation and search', async () => {
    const token = await shop.tenant.token('operator');
    const top = await csvOf(api.category.export, token);
    expect(top[0]).toEqual([
      'id',
      'org_id',
      'parent_id',
      'level',
      'name',
      'position',
      'products_count',
      'children_count',
      'created_at',
    ]);
    expect(column(top, 'name')).toEqual(['Alpha Drinks', 'Alpha Snacks']);
    expect(column(top, 'children_count')).toEqual(['1', '0']);
    const children = await csvOf(api.category.export, token, { parent_id: String(shop.categories.drinks) });
    expect(column(children, 'name')).toEqual(['Alpha Juices']);
    expect(column(children, 'parent_id')).toEqual([String(shop.categories.drinks)]);
    expect(column(children, 'level')).toEqual(['2']);
    const searched = await csvOf(api.category.export, token, { q: 'snack' });
    expect(column(searched, 'id')).toEqual([String(shop.categories.snacks)]);
    const krakow = await csvOf(api.category.export, token, { org_id: String(shop.tenant.org.krakow) });
    expect(column(krakow, 'name')).toEqual(['Alpha Snacks']);
    // Another organisation's category as the parent: as if it did not exist.
    const foreign = await callApi(ctx, api.category.export, {
      token,
      query: { parent_id: String(other.categories.drinks) },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('exports the makers in the list’s sort, with their product counts', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf(api.maker.export, token, { sort: '-name' });
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'country', 'email', 'products_count']));
    expect(column(rows, 'name')).toEqual(['Alpha Maker K', 'Alpha Maker A']);
    expect(column(rows, 'products_count')).toEqual(['0', '1']);
    const searched = await csvOf(api.maker.export, token, { q: 'Maker A' });
    expect(column(searched, 'name')).toEqual(['Alpha Maker A']);
    const krakow = await csvOf(api.maker.export, await shop.tenant.token('editor'));
    expect(column(krakow, 'name')).toEqual(['Alpha Maker K']);
  });

  it('exports the tags of the status tab and filters, newest first, beyond one page', async () => {
    const token = await shop.tenant.token('operator');
    const [first, second, third] = codes(shop.codePrefix, 3);
    const all = await csvOf(api.tag.export, token, { q: shop.codePrefix });
    expect(all[0]).toEqual(expect.arrayContaining(['id', 'code', 'status', 'product', 'micromarket']));
    expect(column(all, 'code')).toEqual([third, second, first]);
    expect(column(all, 'status')).toEqual(['new', 'sold', 'new']);
    expect(column(all, 'product')).toEqual(['Alpha Pierogi', 'Alpha Cola', 'Alpha Cola']);
    expect(column(all, 'micromarket')).toEqual(['', '', 'Alpha Fridge A']);
    const fresh = await csvOf(api.tag.export, token, { status: 'new', product_id: String(shop.products.cola) });
    expect(column(fresh, 'code')).toEqual([first]);
    // A cursor is a page of the screen's list; the export holds every page and takes none.
    // The export's query has no cursor: sent raw, it is shown to be ignored.
    const paged = await call(ctx, 'GET', '/v1/tag/export', { token, query: { cursor: 'dDE', per_page: '1' } });
    expect(paged.statusCode).toBe(200);
    expect(column(parseCsv(paged.body), 'code')).toEqual([third, second, first]);
    const krakow = await csvOf(api.tag.export, await shop.tenant.token('editor'));
    expect(column(krakow, 'code')).toEqual([third]);
    // The tag list answers another organisation's filter with no rows; so does its export.
    const foreign = await csvOf(api.tag.export, token, { org_id: String(other.tenant.org.main) });
    expect(foreign).toHaveLength(1);
  });

  it('exports the orders of the filter, newest first, with their lines and totals in major units', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf(api.order.export, token);
    expect(column(rows, 'id')).toEqual([String(shop.orders.krakow), String(shop.orders.main)]);
    expect(column(rows, 'customer')).toEqual(['Alpha Customer K', 'Alpha Customer A']);
    expect(column(rows, 'micromarket')).toEqual(['Alpha Fridge K', 'Alpha Fridge A']);
    expect(column(rows, 'status')).toEqual(['2', '0']);
    expect(column(rows, 'lines')).toEqual(['1 x Alpha Pierogi', '2 x Alpha Cola']);
    expect(column(rows, 'currency')).toEqual(['PLN', 'UAH']);
    expect(column(rows, 'total')).toEqual(['9', '51']);
    const prepared = await csvOf(api.order.export, token, { status: '2' });
    expect(column(prepared, 'id')).toEqual([String(shop.orders.krakow)]);
    const searched = await csvOf(api.order.export, token, { q: 'Customer A' });
    expect(column(searched, 'id')).toEqual([String(shop.orders.main)]);
    const atFridge = await csvOf(api.order.export, token, { micromarket_id: String(shop.fridges[2]) });
    expect(column(atFridge, 'id')).toEqual([String(shop.orders.krakow)]);
  });

  it('exports the organisations the caller sees, with the list’s filters', async () => {
    const { main, kyiv, krakow } = shop.tenant.org;
    const rows = await csvOf(api.organization.export, await shop.tenant.token('operator'));
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'type', 'parent_id', 'currency', 'active']));
    expect(column(rows, 'id').map(Number).sort()).toEqual([main, kyiv, krakow].sort());
    const subs = await csvOf(api.organization.export, await shop.tenant.token('operator'), { type: 'sub' });
    expect(column(subs, 'id').map(Number).sort()).toEqual([kyiv, krakow].sort());
    expect(column(subs, 'parent_id')).toEqual([String(main), String(main)]);
    const own = await csvOf(api.organization.export, await shop.tenant.token('editor'));
    expect(column(own, 'id')).toEqual([String(krakow)]);
    expect(column(own, 'currency')).toEqual(['PLN']);
  });

  it('holds the rows of the list, in the list’s order, across all its pages', async () => {
    const token = await shop.tenant.token('operator');
    for (const { endpoint, list, all } of EXPORTS) {
      const listed = await callApi(ctx, list, { token, query: { ...all, per_page: '100' } });
      expect(listed.statusCode, list.path).toBe(200);
      const ids = listed.json().items.map((item) => String(item.id));
      expect(ids.length, list.path).toBeGreaterThan(1);
      expect(column(await csvOf(endpoint, token, all), 'id'), endpoint.path).toEqual(ids);
    }
  });

  it('writes XLSX on request, with the same headings and rows as the CSV', async () => {
    const token = await shop.tenant.token('operator');
    for (const { endpoint, all } of EXPORTS) {
      const response = await callApi(ctx, endpoint, { token, query: { ...all, format: 'xlsx' } });
      expect(response.statusCode, endpoint.path).toBe(200);
      expect(response.headers['content-type'], endpoint.path).toContain('spreadsheetml');
      expect(response.headers['content-disposition'], endpoint.path).toMatch(
        /attachment; filename="?[a-z]+-\d{4}-\d{2}-\d{2}\.xlsx/,
      );
      const sheet = readXlsxRows(response.rawPayload);
      const csv = await csvOf(endpoint, token, all);
      expect(sheet.length, endpoint.path).toBeGreaterThan(2);
      expect(withoutTimestamps(sheet), endpoint.path).toEqual(withoutTimestamps(csv));
    }
  });

  it('never holds another organisation’s rows, and answers 404 for its organisation filter', async () => {
    const token = await shop.tenant.token('operator');
    const otherOrgs = Object.values(other.tenant.org).map(String);
    for (const { endpoint, all } of EXPORTS) {
      const rows = await csvOf(endpoint, token, all);
      expect(rows.join('\n'), endpoint.path).not.toContain('Omega');
      const orgIds = endpoint === api.organization.export ? column(rows, 'id') : column(rows, 'org_id');
      expect(
        orgIds.filter((id) => otherOrgs.includes(id!)),
        endpoint.path,
      ).toEqual([]);
    }
    for (const endpoint of ORG_FILTERED) {
      const foreign = await callApi(ctx, endpoint, { token, query: { org_id: String(other.tenant.org.main) } });
      expect(foreign.statusCode, endpoint.path).toBe(404);
    }
  });

  it('answers 401 without a session and 403 without the list’s permission', async () => {
    const nobody = await createSignedInUser(db(), {
      orgId: shop.tenant.org.main,
      permissions: ['show_dashboard_page'],
    });
    for (const { endpoint } of EXPORTS) {
      expect((await callApi(ctx, endpoint)).statusCode, endpoint.path).toBe(401);
      expect((await callApi(ctx, endpoint, { token: nobody.token })).statusCode, endpoint.path).toBe(403);
    }
  });

  it('refuses a format it does not write, in the caller’s language', async () => {
    const token = await shop.tenant.token('operator');
    for (const { endpoint } of EXPORTS) {
      const response = await callApi(ctx, endpoint, { token, lang: 'pl', query: { format: 'pdf' } });
      expect(response.statusCode, endpoint.path).toBe(400);
      expect(response.error().message, endpoint.path).toContain('Wybierz CSV lub XLSX');
    }
  });
});
