import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, ORG, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let kyivUserId: number;
let krakowUserId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.login('admin');
  const kyiv = await call(ctx, 'POST', '/v1/user/create', {
    token: admin,
    payload: {
      name: 'Kyiv Cashier',
      email: 'kyiv.cashier@vitrina.local',
      org_id: ORG.kyiv,
      role_id: 4,
      phones: ['+380 (44) 555-12-34'],
      password: 'kyiv-pass-1',
    },
  });
  kyivUserId = kyiv.json().id;
  krakowUserId = 5; // the seeded franchisor
});
afterAll(() => ctx.close());

describe('GET /v1/user/list', () => {
  it('pages, sorts and counts the visible users', async () => {
    const response = await call(ctx, 'GET', '/v1/user/list', {
      token: await ctx.login('admin'),
      query: { per_page: '2', page: '2', sort: 'name' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(6);
    expect(body.items.map((u: { name: string }) => u.name)).toEqual(['Kyiv Cashier', 'Marek Nowak']);
  });

  it('filters by text over name, email and phone, by role, organisation, type and state', async () => {
    const token = await ctx.login('admin');
    const names = async (query: Record<string, string>) =>
      (await call(ctx, 'GET', '/v1/user/list', { token, query })).json().items.map((u: { name: string }) => u.name);
    expect(await names({ q: 'shevchuk' })).toEqual(['Iryna Shevchuk']);
    expect(await names({ q: 'franchisor@' })).toEqual(['Marek Nowak']);
    expect(await names({ q: '5551234' })).toEqual(['Kyiv Cashier']);
    expect(await names({ role_id: '3' })).toEqual(['Andrii Bondar']);
    expect(await names({ org_id: String(ORG.krakow) })).toEqual(['Marek Nowak']);
    expect(await names({ user_type: '1' })).toEqual([]);
    expect(await names({ active: 'false' })).toEqual([]);
    expect(await names({ q: '100%_' })).toEqual([]);
  });

  it('shows a sub-organisation only its own users', async () => {
    const response = await call(ctx, 'GET', '/v1/user/list', { token: await ctx.login('franchisor') });
    expect(response.json().items.map((u: { email: string }) => u.email)).toEqual(['franchisor@vitrina.local']);
  });

  it('answers 400 for a bad query, 401 without a token, 403 without the permission', async () => {
    const admin = await ctx.login('admin');
    const bad = await call(ctx, 'GET', '/v1/user/list', { token: admin, query: { per_page: '500', user_type: '7' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['per_page', 'user_type']);
    expect((await call(ctx, 'GET', '/v1/user/list')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/v1/user/list', { token: await ctx.login('courier') })).statusCode).toBe(403);
  });
});

describe('GET /v1/user/info/{id} and /v1/user/info/by/{value}', () => {
  it('answers a visible user, by id, email or phone', async () => {
    const token = await ctx.login('operator');
    expect((await call(ctx, 'GET', `/v1/user/info/${kyivUserId}`, { token })).json().org_name).toBe(
      'Kyiv Office Markets',
    );
    expect((await call(ctx, 'GET', '/v1/user/info/by/SUPPORT@vitrina.local', { token })).json().id).toBe(4);
    expect(
      (await call(ctx, 'GET', `/v1/user/info/by/${encodeURIComponent('+380445551234')}`, { token })).json().id,
    ).toBe(kyivUserId);
  });

  it('answers 404 for another organisation’s user, and for unknown ones', async () => {
    const franchisor = await ctx.login('franchisor');
    expect((await call(ctx, 'GET', '/v1/user/info/1', { token: franchisor })).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/v1/user/info/by/admin@vitrina.local', { token: franchisor })).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'GET', '/v1/user/info/9999', { token: franchisor })).statusCode).toBe(404);
  });

  it('answers 400, 401 and 403 as every call does', async () => {
    expect((await call(ctx, 'GET', '/v1/user/info/abc', { token: await ctx.login('admin') })).statusCode).toBe(400);
    expect((await call(ctx, 'GET', '/v1/user/info/1')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/v1/user/info/1', { token: await ctx.login('courier') })).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/v1/user/info/by/x@y.z', { token: await ctx.login('courier') })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /v1/user/create', () => {
  it('creates a user with a password, normalises email and phones, and audits it', async () => {
    const response = await call(ctx, 'POST', '/v1/user/create', {
      token: await ctx.login('operator'),
      payload: {
        name: ' New Cashier ',
        email: 'New.Cashier@Vitrina.local',
        org_id: ORG.krakow,
        role_id: 2,
        phones: ['+48 501 000 111'],
        password: 'cashier-1',
        user_type: 2,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Cashier',
      email: 'new.cashier@vitrina.local',
      phones: ['+48501000111'],
      registered: true,
      invitation_link: null,
    });
    const audit = await ctx.database.db.execute(
      sql`select after from audit_log where entity = 'user' and entity_id = ${String(response.json().id)}`,
    );
    const after = (audit as unknown as { rows: { after: Record<string, unknown> }[] }).rows[0]!.after;
    expect(after).toMatchObject({ email: 'new.cashier@vitrina.local' });
    expect(after).not.toHaveProperty('password');
  });

  it('answers 400 with every failing field', async () => {
    const response = await call(ctx, 'POST', '/v1/user/create', {
      token: await ctx.login('admin'),
      payload: { name: '', email: 'bad', org_id: ORG.main, phones: ['12'], password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'name', 'password', 'phones.0']);
  });

  it('answers 409 naming the email when it is taken', async () => {
    const response = await call(ctx, 'POST', '/v1/user/create', {
      token: await ctx.login('admin'),
      payload: { name: 'Dup', email: 'ADMIN@vitrina.local', org_id: ORG.main },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ email: 'A user with this email already exists' });
  });

  it('keeps organisations apart: 404 for an unseen one, 403 for a view-only one', async () => {
    const franchisor = await ctx.login('franchisor');
    const unseen = await call(ctx, 'POST', '/v1/user/create', {
      token: franchisor,
      payload: { name: 'X', email: 'x1@vitrina.local', org_id: ORG.main },
    });
    expect(unseen.statusCode).toBe(404);
    const viewOnly = await call(ctx, 'POST', '/v1/user/create', {
      token: await ctx.login('operator'),
      payload: { name: 'X', email: 'x2@vitrina.local', org_id: ORG.kyiv },
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.json().message).toBe('Your organization has view-only access to this organization');
  });

  it('refuses to give a role with permissions the caller lacks', async () => {
    const response = await call(ctx, 'POST', '/v1/user/create', {
      token: await ctx.login('franchisor'),
      payload: { name: 'Escalation', email: 'esc@vitrina.local', org_id: ORG.krakow, role_id: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/cannot grant permissions you do not hold/);
  });

  it('answers 401 and 403', async () => {
    const payload = { name: 'X', email: 'x3@vitrina.local', org_id: ORG.main };
    expect((await call(ctx, 'POST', '/v1/user/create', { payload })).statusCode).toBe(401);
    expect(
      (await call(ctx, 'POST', '/v1/user/create', { token: await ctx.login('support'), payload })).statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/user/update/{id}', () => {
  it('updates fields and leaves the rest', async () => {
    // The admin: the franchisor holds permissions the operator lacks (users.takeover.test.ts).
    const token = await ctx.login('admin');
    const response = await call(ctx, 'POST', `/v1/user/update/${krakowUserId}`, {
      token,
      payload: { phones: ['+48111222333'], push_limit_important: 20 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Marek Nowak', phones: ['+48111222333'], push_limit_important: 20 });
  });

  it('answers 403 on a view-only organisation and 404 on an unseen one', async () => {
    expect(
      (
        await call(ctx, 'POST', `/v1/user/update/${kyivUserId}`, {
          token: await ctx.login('operator'),
          payload: { name: 'Y' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx, 'POST', '/v1/user/update/1', { token: await ctx.login('franchisor'), payload: { name: 'Y' } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to disable oneself and to take a used email', async () => {
    const admin = await ctx.login('admin');
    expect(
      (await call(ctx, 'POST', '/v1/user/update/1', { token: admin, payload: { active: false } })).statusCode,
    ).toBe(409);
    expect(
      (await call(ctx, 'POST', '/v1/user/update/2', { token: admin, payload: { email: 'support@vitrina.local' } }))
        .statusCode,
    ).toBe(409);
  });

  it('answers 400, 401 and 403', async () => {
    expect(
      (await call(ctx, 'POST', '/v1/user/update/2', { token: await ctx.login('admin'), payload: { user_type: 3 } }))
        .statusCode,
    ).toBe(400);
    expect((await call(ctx, 'POST', '/v1/user/update/2', { payload: { name: 'Z' } })).statusCode).toBe(401);
    expect(
      (await call(ctx, 'POST', '/v1/user/update/2', { token: await ctx.login('support'), payload: { name: 'Z' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/user/invite/{id}', () => {
  it('mails a fresh link to an invited user and refuses a registered one', async () => {
    const admin = await ctx.login('admin');
    const created = await call(ctx, 'POST', '/v1/user/create', {
      token: admin,
      payload: { name: 'Later', email: 'later@vitrina.local', org_id: ORG.main },
    });
    const first = created.json().invitation_link;
    const again = await call(ctx, 'POST', `/v1/user/invite/${created.json().id}`, { token: admin });
    expect(again.statusCode).toBe(200);
    expect(again.json().invitation_link).not.toBe(first);
    expect((await call(ctx, 'GET', `/v1/user/registration/${first.split('/').at(-1)}`)).statusCode).toBe(404);
    expect((await call(ctx, 'POST', '/v1/user/invite/2', { token: admin })).statusCode).toBe(409);
    expect((await call(ctx, 'POST', '/v1/user/invite/1', { token: await ctx.login('franchisor') })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /v1/user/report', () => {
  it('answers the filtered list as CSV', async () => {
    const response = await call(ctx, 'GET', '/v1/user/report', {
      token: await ctx.login('operator'),
      query: { org_id: String(ORG.krakow) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,name,email,phones,user_type,role,organization,active,registered,bonuses,last_login_at,created_at',
    );
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(['franchisor@vitrina.local', 'new.cashier@vitrina.local']);
  });

  it('answers 401 and 403 (support sees users but may not export)', async () => {
    expect((await call(ctx, 'GET', '/v1/user/report')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/v1/user/report', { token: await ctx.login('support') })).statusCode).toBe(403);
  });
});
