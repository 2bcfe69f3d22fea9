import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { micromarkets } from '../../src/db/schema/index.js';
import { issueToken, TestDevice } from '../device-client.js';
import { call, type TestContext } from '../helper.js';
import { insertMicromarket, insertProduct, insertTags } from './catalogue.js';
import { orgOnTestProvider } from './payments.js';

/** What a buyer types into the open-fridge page's form. */
const FORM = { name: 'Olena', phone: '+380501234567' };

/**
 * A fridge of an organisation on the test provider, connected to the broker at `brokerUrl`
 * (the server sees it online), stocked with `sandwiches` tagged sandwiches (so §8's "no
 * products" stays out of the way), and its customer link.
 */
export async function fridgeWithCustomerLink(
  ctx: TestContext,
  options: { brokerUrl: string; now: () => number; sandwiches: number; settings?: Record<string, unknown> },
) {
  const db = ctx.database.db;
  const { orgId, operator } = await orgOnTestProvider(ctx);
  const micromarketId = await insertMicromarket(db, orgId, 'Lobby', {
    settings: { payment_rfid: true, ...options.settings },
  });
  const device = new TestDevice({ url: options.brokerUrl, ...(await issueToken(db, micromarketId)) }, options.now);
  await device.connect();
  await expect
    .poll(async () => (await db.select().from(micromarkets).where(eq(micromarkets.id, micromarketId)))[0]?.connection)
    .toBe('online');
  const sandwich = await insertProduct(db, orgId, { name: 'Sandwich', sellCostMinor: 9_900 });
  const stocked = await insertTags(
    db,
    orgId,
    sandwich,
    Array.from({ length: options.sandwiches }, () => ({
      code: `E2${randomUUID().replaceAll('-', '').slice(0, 22).toUpperCase()}`,
      status: 'in_micromarket' as const,
      micromarketId,
    })),
  );
  const link = await call(ctx, 'POST', `/v1/device/open-link/${micromarketId}`, {
    token: operator,
    payload: { kind: 'customer' },
  });
  expect(link.statusCode, link.body).toBe(200);
  return {
    orgId,
    operator,
    micromarketId,
    device,
    tags: stocked.map((tag) => tag.code),
    link: link.json<{ token: string }>().token,
  };
}

/** The open-fridge page's form sent with `payload`, from `remoteAddress`, in `lang` when given. */
export function sendOpenForm(
  ctx: TestContext,
  token: string,
  payload: object,
  from: { remoteAddress: string; lang?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/open/fridge/${token}`,
    payload: { ...FORM, ...payload },
    remoteAddress: from.remoteAddress,
    ...(from.lang ? { headers: { lang: from.lang } } : {}),
  });
}
