import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { technicalAlerts } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /v1/device/display', () => {
  it('needs show_fridge_display or show_device_page (the list shows the same fleet on its map)', async () => {
    const tenant = await createTenant(ctx.database.db);
    expect((await callApi(ctx, api.micromarket.display)).statusCode).toBe(401);
    const other = await createSignedInUser(ctx.database.db, {
      orgId: tenant.org.main,
      permissions: ['show_technical_analytics_page'],
    });
    expect((await callApi(ctx, api.micromarket.display, { token: other.token })).statusCode).toBe(403);
  });

  it('shows the visible micromarkets by name with their unresolved alerts, and nothing of other tenants', async () => {
    const tenant = await createTenant(ctx.database.db);
    const board = await createSignedInUser(ctx.database.db, {
      orgId: tenant.org.main,
      permissions: ['show_fridge_display'],
    });
    const b = await insertMicromarket(ctx.database.db, tenant.org.main, uniqueName('B-fridge'), {
      lockedAt: new Date(),
    });
    const a = await insertMicromarket(ctx.database.db, tenant.org.main, uniqueName('A-fridge'));
    const stranger = await createTenant(ctx.database.db);
    const hidden = await insertMicromarket(ctx.database.db, stranger.org.main, uniqueName('Hidden'));
    const now = new Date();
    await ctx.database.db.insert(technicalAlerts).values([
      { orgId: tenant.org.main, micromarketId: b, type: 1, openedAt: now, lastSeenAt: now },
      { orgId: tenant.org.main, micromarketId: b, type: 2, openedAt: now, lastSeenAt: now, status: 'acknowledged' },
      { orgId: tenant.org.main, micromarketId: a, type: 1, openedAt: now, lastSeenAt: now, status: 'resolved' },
    ]);
    const response = await callApi(ctx, api.micromarket.display, { token: board.token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.truncated).toBe(false);
    expect(body.items.map((item) => item.id)).not.toContain(hidden);
    const mine = body.items.filter((item) => item.id === a || item.id === b);
    expect(mine).toMatchObject([
      { id: a, open_alerts: 0, locked: false },
      { id: b, open_alerts: 2, locked: true },
    ]);
  });

  it('narrows to the device list’s filters (the list’s map), the same as the list; another organisation’s id is 404', async () => {
    const tenant = await createTenant(ctx.database.db);
    const operator = await createSignedInUser(ctx.database.db, {
      orgId: tenant.org.main,
      permissions: ['show_device_page'],
    });
    const name = uniqueName('Map');
    const onMaintenance = await insertMicromarket(ctx.database.db, tenant.org.main, `${name} Lobby`, {
      settings: { on_maintenance: true },
    });
    const working = await insertMicromarket(ctx.database.db, tenant.org.main, `${name} Gym`);
    const shown = async (query: Record<string, string>) => {
      const response = await callApi(ctx, api.micromarket.display, { token: operator.token, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item) => item.id);
    };
    expect(await shown({ q: name })).toEqual([working, onMaintenance]);
    expect(await shown({ q: name, on_maintenance: 'true' })).toEqual([onMaintenance]);
    expect(await shown({ q: `${name} Gym` })).toEqual([working]);
    const listed = await callApi(ctx, api.micromarket.list, {
      token: operator.token,
      query: { q: name, on_maintenance: 'false' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((item) => item.id)).toEqual(await shown({ q: name, on_maintenance: 'false' }));
    const stranger = await createTenant(ctx.database.db);
    const foreign = await callApi(ctx, api.micromarket.display, {
      token: operator.token,
      query: { org_id: String(stranger.org.main) },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
