import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('price tag update', () => {
  it('refuses an empty body with 400 in the caller’s language, and changes and records nothing', async () => {
    const tenant = await createTenant(ctx.database.db);
    const operator = await tenant.token('operator');
    const id = await insertMicromarket(ctx.database.db, tenant.org.main, 'Labels');
    const label = await okApi(ctx, api.micromarket.createPriceTag, {
      params: { id },
      token: operator,
      body: { label_code: 'ESL-1' },
    });

    const empty = await callApi(ctx, api.micromarket.updatePriceTag, {
      params: { id: label.id },
      token: operator,
      body: {},
      lang: 'it',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.error()).toEqual({
      message: 'Niente da modificare: invia almeno un campo',
      fields: { _: 'Niente da modificare: invia almeno un campo' },
    });
    const updates = () =>
      ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'price_tag'), eq(auditLog.action, 'update')));
    expect(await updates()).toEqual([]);

    const renamed = await okApi(ctx, api.micromarket.updatePriceTag, {
      params: { id: label.id },
      token: operator,
      body: { label_code: 'ESL-2' },
    });
    expect(renamed).toMatchObject({ id: label.id, label_code: 'ESL-2' });
    expect(await updates()).toHaveLength(1);
  });
});
