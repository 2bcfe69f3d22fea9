import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicalAlerts } from '../src/db/schema/index.js';
import { insertMicromarket, insertProduct } from './factories/catalogue.js';
import { createTenant, type Tenant } from './factories/tenant.js';
import { createSignedInUser } from './factories/users.js';
import { call, createTestContext, type TestContext } from './helper.js';

/** The one export path of the lists: each answers its list's filters, sort and organisations. */
let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Shop = { tenant: Tenant; fridges: number[]; names: { fridge: string; product: string } };

/** A tenant with two fridges in main and one in Krakow, a product in each, and an alert per fridge. */
async function seedShop(tag: string): Promise<Shop> {
  const tenant = await createTenant(db());
  const { main, krakow } = tenant.org;
  const fridges = [
    await insertMicromarket(db(), main, `${tag} Fridge A`, { temperature: 4.5 }),
    await insertMicromarket(db(), main, `${tag} Fridge B`),
    await insertMicromarket(db(), krakow, `${tag} Fridge K`),
  ];
  await insertProduct(db(), main, { name: `${tag} Cola`, sellCostMinor: 2550, status: 'active' });
  await insertProduct(db(), krakow, { name: `${tag} Pierogi`, sellCostMinor: 900, status: 'inactive' });
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
  return { tenant, fridges, names: { fridge: `${tag} Fridge`, product: tag } };
}

async function csvOf(url: string, token: string, query: Record<string, string> = {}): Promise<string[][]> {
  const response = await call(ctx, 'GET', url, { token, query: { format: 'csv', ...query } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toMatch(/attachment/);
  return response.body
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

const column = (rows: string[][], name: string) => {
  const index = rows[0]!.indexOf(name);
  return rows.slice(1).map((row) => row[index]);
};

const EXPORTS = ['/v1/device/export', '/v1/product/export', '/v1/technical/alerts/export'] as const;

describe('list exports', () => {
  let shop: Shop;
  let other: Shop;
  beforeAll(async () => {
    shop = await seedShop('Alpha');
    other = await seedShop('Omega');
  });

  it('exports the micromarkets the list shows, in its order, with no other tenant’s rows', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf('/v1/device/export', token, { sort: '-name' });
    expect(rows[0]).toEqual(expect.arrayContaining(['id', 'name', 'serial_number', 'connection', 'temperature']));
    expect(column(rows, 'name')).toEqual(['Alpha Fridge K', 'Alpha Fridge B', 'Alpha Fridge A']);
    const searched = await csvOf('/v1/device/export', token, { q: 'Fridge A' });
    expect(column(searched, 'name')).toEqual(['Alpha Fridge A']);
    expect(column(searched, 'temperature')).toEqual(['4.5']);
    // Krakow's own operator: Krakow only.
    const krakow = await csvOf('/v1/device/export', await shop.tenant.token('editor'));
    expect(column(krakow, 'name')).toEqual(['Alpha Fridge K']);
  });

  it('exports the products with their prices in major units beside the currency', async () => {
    const token = await shop.tenant.token('operator');
    const rows = await csvOf('/v1/product/export', token, { sort: 'name' });
    const names = column(rows, 'name');
    expect(names).toEqual(['Alpha Cola', 'Alpha Pierogi']);
    expect(rows.slice(1).map((row) => [row[rows[0]!.indexOf('currency')], row[rows[0]!.indexOf('sell_cost')]])).toEqual(
      [
        ['UAH', '25.5'],
        ['PLN', '9'],
      ],
    );
    const inactive = await csvOf('/v1/product/export', token, { status: 'inactive' });
    expect(column(inactive, 'name')).toEqual(['Alpha Pierogi']);
  });

  it('exports the alerts of the filter, newest first', async () => {
    const token = await shop.tenant.token('operator');
    const active = await csvOf('/v1/technical/alerts/export', token);
    expect(column(active, 'micromarket')).toEqual(['Alpha Fridge K', 'Alpha Fridge A']);
    const all = await csvOf('/v1/technical/alerts/export', token, { status: 'all', sort: 'opened_at' });
    expect(column(all, 'micromarket')).toEqual(['Alpha Fridge A', 'Alpha Fridge B', 'Alpha Fridge K']);
    expect(column(all, 'status')).toEqual(['open', 'resolved', 'open']);
  });

  it('writes XLSX on request', async () => {
    const token = await shop.tenant.token('operator');
    for (const url of EXPORTS) {
      const response = await call(ctx, 'GET', url, { token, query: { format: 'xlsx' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('spreadsheetml');
      expect(response.rawPayload.subarray(0, 2).toString(), url).toBe('PK');
    }
  });

  it('never holds another organisation’s rows, and answers 404 for its organisation filter', async () => {
    const token = await shop.tenant.token('operator');
    for (const url of EXPORTS) {
      const body = (await call(ctx, 'GET', url, { token, query: { format: 'csv', status: 'all' } })).body;
      expect(body, url).not.toContain('Omega');
      const foreign = await call(ctx, 'GET', url, { token, query: { org_id: String(other.tenant.org.main) } });
      expect(foreign.statusCode, url).toBe(404);
    }
  });

  it('answers 401 without a session and 403 without the list’s permission', async () => {
    const nobody = await createSignedInUser(db(), {
      orgId: shop.tenant.org.main,
      permissions: ['show_dashboard_page'],
    });
    for (const url of EXPORTS) {
      expect((await call(ctx, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(ctx, 'GET', url, { token: nobody.token })).statusCode, url).toBe(403);
    }
  });

  it('refuses a format it does not write, in the caller’s language', async () => {
    const token = await shop.tenant.token('operator');
    const response = await call(ctx, 'GET', '/v1/device/export', { token, lang: 'pl', query: { format: 'pdf' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('Wybierz CSV lub XLSX');
  });
});
