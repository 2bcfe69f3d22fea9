import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { codes, insertProduct, insertTags } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let tenant: Tenant;
let admin: string;
let mainProduct: number;
let otherProduct: number;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  admin = (await createPlatformAdmin(ctx.database.db, tenant.org.main)).token;
  mainProduct = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Sandwich' });
  otherProduct = await insertProduct(ctx.database.db, tenant.org.main, { name: 'Juice' });
});
afterAll(() => ctx.close());

describe('cursor pagination', () => {
  beforeAll(async () => {
    // Enough rows over three organisations and every status to cross many pages.
    const statuses = ['new', 'in_micromarket', 'sold', 'removed', 'written_off', 'not_paid'] as const;
    for (const [org, product, prefix] of [
      [tenant.org.main, mainProduct, 'E1'],
      [tenant.org.kyiv, otherProduct, 'E2'],
      [tenant.org.krakow, mainProduct, 'E3'],
    ] as const) {
      await insertTags(
        ctx.database.db,
        org,
        product,
        codes(prefix, 60).map((code, i) => ({ code, status: statuses[(i * 7) % 6] })),
      );
    }
  });

  async function walk(token: string, query: Record<string, string>) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page: Record<string, string> = cursor ? { ...query, cursor } : query;
      const response = await callApi(ctx, api.tag.list, { token, query: page });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.length).toBeLessThanOrEqual(Number(query.per_page));
      seen.push(...body.items.map((item: { id: number }) => item.id));
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    return seen;
  }

  async function total(token: string, query: Record<string, string>, status?: string) {
    const { per_page: _perPage, status: _status, ...filters } = query;
    const counts = (await callApi(ctx, api.tag.counts, { token, query: filters })).json().counts;
    return status ? counts[status as keyof typeof counts] : Object.values<number>(counts).reduce((a, b) => a + b, 0);
  }

  it.each([
    ['operator', { per_page: '7' }],
    ['operator', { per_page: '10', status: 'sold' }],
    ['operator', { per_page: '4', org_id: 'kyiv' }],
    ['operator', { per_page: '9', product_id: 'sandwich' }],
    ['operator', { per_page: '5', q: 'E3' }],
    ['admin', { per_page: '11' }],
    ['admin', { per_page: '6', status: 'not_paid' }],
    ['franchisor', { per_page: '8' }],
  ] as const)('%s %j returns every row exactly once, newest first', async (user, given) => {
    const token = user === 'admin' ? admin : await tenant.token(user);
    // Product and organisation ids exist only once the fixtures ran, after the table above was built.
    const query: Record<string, string> =
      'product_id' in given
        ? { ...given, product_id: String(mainProduct) }
        : 'org_id' in given
          ? { ...given, org_id: String(tenant.org.kyiv) }
          : { ...given };
    const seen = await walk(token, query);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(seen.length).toBe(await total(token, query, query.status));
    expect(seen.length).toBeGreaterThan(Number(query.per_page));
  });
});
