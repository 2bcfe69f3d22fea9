import { api, endpointPath } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { orgOnTestProvider } from '../../../test/factories/payments.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  deviceCommands,
  openLinks,
  openRequests,
  paymentTransactions,
  saleRefusals,
  transactions,
} from '../../db/schema/index.js';

/** A deactivated organisation's links refuse at once: no door, no hold, no sale. */
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Only the platform deactivates an organisation: a platform user of an organisation of its own.
  const staff = await createOrganisation(ctx.database.db);
  const permissions = ['show_organizations_page', 'edit_organizations', 'view_all_organizations'] as const;
  admin = (await createSignedInUser(ctx.database.db, { orgId: staff, permissions })).token;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const FORM = { name: 'Olena', phone: '+380501234567', payment_method: 'pm_card_visa' };
let ipSeq = 0;

/** Raw: each call comes from an address of its own (the open limiter counts per address), which the typed client does not set. */
function publicCall(method: 'GET' | 'POST', kind: 'customer' | 'courier', token: string, lang = 'en') {
  return ctx.app.inject({
    method,
    url: endpointPath(kind === 'courier' ? api.openLink.courierInfo : api.openLink.customerInfo, { token }),
    remoteAddress: `10.44.0.${++ipSeq}`,
    headers: { lang },
    ...(method === 'POST' ? { payload: FORM } : {}),
  });
}

async function setActive(orgId: number, active: boolean) {
  const endpoint = active ? api.organization.activate : api.organization.deactivate;
  const response = await callApi(ctx, endpoint, { params: { id: orgId }, token: admin });
  expect(response.statusCode, response.body).toBe(200);
}

async function linkOf(operator: string, micromarketId: number, kind: 'customer' | 'courier') {
  const response = await callApi(ctx, api.openLink.create, {
    params: { id: micromarketId },
    token: operator,
    body: { kind },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

describe('links of a deactivated organisation', () => {
  it('refuse with the reason in the caller’s language, and leave no request, command, hold or sale', async () => {
    const { orgId, operator } = await orgOnTestProvider(ctx);
    const id = await insertMicromarket(db(), orgId, 'Deactivated lobby', { settings: { payment_rfid: true } });
    const customer = await linkOf(operator, id, 'customer');
    const courier = await linkOf(operator, id, 'courier');
    await setActive(orgId, false);

    expect((await publicCall('GET', 'customer', customer)).json().refusal).toBe(
      'The micromarket’s organization is deactivated',
    );
    expect((await publicCall('GET', 'courier', courier)).json().refusal).toBe(
      'This micromarket’s organization is deactivated, so it cannot be opened by link',
    );
    const bought = await publicCall('POST', 'customer', customer, 'ua');
    expect([bought.statusCode, bought.json().message]).toEqual([409, 'Організацію мікромаркету деактивовано']);
    const opened = await publicCall('POST', 'courier', courier, 'pl');
    expect([opened.statusCode, opened.json().message]).toEqual([
      409,
      'Organizacja tego mikromarketu jest dezaktywowana, więc nie można go otworzyć przez link',
    ]);

    const rows = async () => ({
      requests: (await db().select().from(openRequests).where(eq(openRequests.micromarketId, id))).length,
      commands: (await db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, id))).length,
      payments: (await db().select().from(paymentTransactions).where(eq(paymentTransactions.orgId, orgId))).length,
      sales: (await db().select().from(transactions).where(eq(transactions.micromarketId, id))).length,
    });
    expect(await rows()).toEqual({ requests: 0, commands: 0, payments: 0, sales: 0 });
    // The customer's refusal is §8's, kept for the error analytics; the courier link is not used up.
    const refusals = await db().select().from(saleRefusals).where(eq(saleRefusals.micromarketId, id));
    expect(refusals.map((row) => row.reason)).toEqual(['payment.refusal.organization_inactive']);
    const [courierLink] = await db().select().from(openLinks).where(eq(openLinks.token, courier));
    expect(courierLink?.usedAt).toBeNull();

    await setActive(orgId, true);
    const reopened = await publicCall('POST', 'courier', courier);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await rows()).toMatchObject({ requests: 1, commands: 1 });
  });
});

describe('links of a deactivated micromarket', () => {
  it('answer §8’s "unknown micromarket identifier" to both kinds, and keep the customer’s refusal only', async () => {
    const { orgId, operator } = await orgOnTestProvider(ctx);
    const id = await insertMicromarket(db(), orgId, 'Retired lobby', { settings: { payment_rfid: true } });
    const customer = await linkOf(operator, id, 'customer');
    const courier = await linkOf(operator, id, 'courier');
    const off = await callApi(ctx, api.micromarket.update, {
      params: { id },
      token: operator,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    expect((await publicCall('GET', 'customer', customer)).json().refusal).toBe('Unknown micromarket identifier');
    expect((await publicCall('GET', 'courier', courier, 'it')).json().refusal).toBe(
      'Identificativo del micromarket sconosciuto',
    );
    const bought = await publicCall('POST', 'customer', customer, 'ua');
    expect([bought.statusCode, bought.json().message]).toEqual([409, 'Невідомий ідентифікатор мікромаркету']);
    const opened = await publicCall('POST', 'courier', courier, 'sk');
    expect([opened.statusCode, opened.json().message]).toEqual([409, 'Neznámy identifikátor mikromarketu']);
    const commands = await db().select().from(deviceCommands).where(eq(deviceCommands.micromarketId, id));
    expect(commands).toEqual([]);
    const refusals = await db().select().from(saleRefusals).where(eq(saleRefusals.micromarketId, id));
    expect(refusals.map((row) => row.reason)).toEqual(['payment.refusal.unknown_micromarket']);
  });
});
