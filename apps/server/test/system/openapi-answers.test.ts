import { api, type Endpoint, endpointPath, PERMISSION_NAMES } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicalAlerts } from '../../src/db/schema/index.js';
import {
  codes,
  insertCategory,
  insertMaker,
  insertMicromarket,
  insertProduct,
  insertTags,
} from '../factories/catalogue.js';
import { createCustomer } from '../factories/customers.js';
import { insertClosedSale, insertCustomerWithCard } from '../factories/sales.js';
import { uniqueCodePrefix, uniqueName } from '../factories/sequence.js';
import { createTenant, type Tenant } from '../factories/tenant.js';
import { createSession, createSignedInUser, createUser } from '../factories/users.js';
import { bearer, createTestContext, type TestContext } from '../helper.js';
import { answerChecker, servedDocument } from '../openapi-document.js';

/**
 * Real answers, recorded through the HTTP layer from factory-made rows, against the document
 * the server serves: a client generated from it must accept what the server really sends
 *. Fresh rows on purpose: a micromarket that never reported has no door state.
 */
let ctx: TestContext;
let check: ReturnType<typeof answerChecker>;
beforeAll(async () => {
  ctx = await createTestContext();
  check = answerChecker(await servedDocument(ctx));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

type Call = {
  endpoint: Endpoint;
  params?: Record<string, unknown>;
  query?: Record<string, string>;
  body?: object;
  /** The status the call should answer; 200 unless told. */
  status?: number;
};

/** Each call's answer, or what is wrong with it: a status other than expected, or where it breaks the document. */
async function nonconformities(token: string, calls: Call[]): Promise<string[]> {
  const found: string[] = [];
  for (const { endpoint, params, query, body, status = 200 } of calls) {
    const response = await ctx.app.inject({
      method: endpoint.method,
      url: endpointPath(endpoint, params),
      headers: bearer(token),
      ...(query ? { query } : {}),
      ...(body ? { payload: body } : {}),
    });
    if (response.statusCode !== status) {
      found.push(`${endpoint.path}: answered ${response.statusCode}, not ${status}: ${response.body.slice(0, 200)}`);
      continue;
    }
    found.push(...check(endpoint.method, endpoint.path, status, response.json()));
  }
  return found;
}

/** A user of the tenant's main organisation holding every permission. */
async function manager(tenant: Tenant) {
  return createSignedInUser(db(), { orgId: tenant.org.main, permissions: PERMISSION_NAMES });
}

describe('real answers validate against the served OpenAPI document', () => {
  it('sign-in, the signed-in user, users and roles', async () => {
    const tenant = await createTenant(db());
    const password = 'correct horse 42';
    const user = await createUser(db(), { orgId: tenant.org.main, permissions: PERMISSION_NAMES, password });
    const login = await ctx.app.inject({
      method: 'POST',
      url: api.auth.login.path,
      payload: { email: user.email, password },
    });
    expect(check('POST', api.auth.login.path, login.statusCode, login.json())).toEqual([]);
    const token = login.json<{ token: string }>().token;
    expect(
      await nonconformities(token, [
        { endpoint: api.auth.me },
        { endpoint: api.user.list },
        { endpoint: api.user.info, params: { id: user.id } },
        { endpoint: api.role.list },
      ]),
    ).toEqual([]);
  });

  it('organisations with their payment, fiscal and subscription settings', async () => {
    const tenant = await createTenant(db());
    const { token } = await manager(tenant);
    const orgId = tenant.org.main;
    expect(
      await nonconformities(token, [
        { endpoint: api.organization.list },
        { endpoint: api.organization.info, params: { id: orgId } },
        { endpoint: api.payment.settings, params: { org_id: orgId } },
        { endpoint: api.fiscal.settings, params: { org_id: orgId } },
        { endpoint: api.subscription.devices, params: { org_id: orgId } },
      ]),
    ).toEqual([]);
  });

  it('micromarkets that have not reported yet: the list, the card, its settings and stock, the board', async () => {
    const tenant = await createTenant(db());
    const { token } = await manager(tenant);
    const micromarketId = await insertMicromarket(db(), tenant.org.main, uniqueName('Quiet fridge'));
    expect(
      await nonconformities(token, [
        { endpoint: api.micromarket.list },
        { endpoint: api.micromarket.info, params: { id: micromarketId } },
        { endpoint: api.micromarket.settings, params: { id: micromarketId } },
        { endpoint: api.micromarket.stock, params: { id: micromarketId } },
        { endpoint: api.micromarket.display },
      ]),
    ).toEqual([]);
  });

  it('sales: the list and a sale waiting for its payment', async () => {
    const tenant = await createTenant(db());
    const { token } = await manager(tenant);
    const orgId = tenant.org.main;
    const micromarketId = await insertMicromarket(db(), orgId, uniqueName('Sales fridge'));
    const productId = await insertProduct(db(), orgId, { name: uniqueName('Sandwich') });
    const customer = await insertCustomerWithCard(db(), orgId);
    const { sale } = await insertClosedSale(
      db(),
      { orgId, micromarketId, customerId: customer.userId, closedAt: new Date() },
      [{ productId, name: 'Sandwich', quantity: 1, priceMinor: 4500 }],
    );
    expect(
      await nonconformities(token, [
        { endpoint: api.transaction.list },
        { endpoint: api.transaction.info, params: { id: sale.id } },
      ]),
    ).toEqual([]);
  });

  it('the catalogue: products, categories, makers and tags', async () => {
    const tenant = await createTenant(db());
    const { token } = await manager(tenant);
    const orgId = tenant.org.main;
    const categoryId = await insertCategory(db(), orgId, { name: uniqueName('Salads') });
    const makerId = await insertMaker(db(), orgId, uniqueName('Green Kitchen'));
    const productId = await insertProduct(db(), orgId, { name: uniqueName('Salad'), categoryId, makerId });
    await insertTags(
      db(),
      orgId,
      productId,
      codes(uniqueCodePrefix(), 2).map((code) => ({ code })),
    );
    expect(
      await nonconformities(token, [
        { endpoint: api.product.list },
        { endpoint: api.product.info, params: { id: productId } },
        { endpoint: api.category.list },
        { endpoint: api.maker.list },
        { endpoint: api.tag.list },
      ]),
    ).toEqual([]);
  });

  it('alerts, badges, the dashboard and the notification log', async () => {
    const tenant = await createTenant(db());
    const { token } = await manager(tenant);
    const orgId = tenant.org.main;
    const micromarketId = await insertMicromarket(db(), orgId, uniqueName('Warm fridge'), { temperature: 11 });
    const at = new Date();
    await db()
      .insert(technicalAlerts)
      .values({ orgId, micromarketId, type: 1, openedAt: at, lastSeenAt: at, details: { temperature: 11, limit: 8 } });
    expect(
      await nonconformities(token, [
        { endpoint: api.alert.alerts },
        { endpoint: api.notice.badges },
        { endpoint: api.dashboard.summary },
        { endpoint: api.notificationRouting.log },
      ]),
    ).toEqual([]);
  });

  it('the customer app: profile, inbox and the micromarkets to order from', async () => {
    const tenant = await createTenant(db());
    await insertMicromarket(db(), tenant.org.main, uniqueName('App fridge'));
    const customer = await createCustomer(db(), tenant.org.main);
    const token = await createSession(db(), customer.id);
    expect(
      await nonconformities(token, [
        { endpoint: api.customerApp.me },
        { endpoint: api.customerApp.inbox },
        { endpoint: api.customerApp.orderMicromarkets },
      ]),
    ).toEqual([]);
  });

  it("the courier's stops, and the error answers of a refused or missing row", async () => {
    const tenant = await createTenant(db());
    const courier = await tenant.token('courier');
    const franchisor = await tenant.token('franchisor');
    const mainFridge = await insertMicromarket(db(), tenant.org.main, uniqueName('Main fridge'));
    expect(
      await nonconformities(courier, [{ endpoint: api.courier.stops }, { endpoint: api.user.list, status: 403 }]),
    ).toEqual([]);
    // Krakow's franchisor sees none of main's micromarkets: 404, in the error shape the document promises.
    expect(
      await nonconformities(franchisor, [{ endpoint: api.micromarket.info, params: { id: mainFridge }, status: 404 }]),
    ).toEqual([]);
  });
});
