import { api, endpointPath } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  auditLog,
  deviceCommands,
  deviceEvents,
  micromarkets,
  openLinks,
  openRequests,
} from '../../db/schema/index.js';

let ctx: TestContext;
let tenant: Tenant;
let operator: string;
let ipSeq = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.database.db);
  operator = await tenant.token('operator');
});
afterAll(() => ctx.close());

/** Each test speaks from its own address, so the per-address limit is tested only where meant. */
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

const FORM = { name: 'Olena', phone: '+380501234567', weights: [1200, 800], items_count: 3, notes: 'Restock' };

async function micromarket(name: string, settings: object = { test_mode: true }, values: object = {}) {
  return insertMicromarket(ctx.database.db, tenant.org.main, name, { settings, ...values });
}

async function createLink(id: number, kind: 'customer' | 'courier', hours?: number) {
  const response = await callApi(ctx, api.openLink.create, {
    params: { id },
    token: operator,
    body: { kind, ...(hours ? { hours } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * The public page's calls go raw: each from an address of its own, which the typed client does
 * not set. The page and its form share one address (GET the page, POST the form).
 */
const publicPath = (kind: 'customer' | 'courier', token: string) =>
  endpointPath(kind === 'courier' ? api.openLink.courierInfo : api.openLink.customerInfo, { token });

function open(kind: 'customer' | 'courier', token: string, payload: object = FORM, ip = freshIp(), lang?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: publicPath(kind, token),
    payload,
    remoteAddress: ip,
    headers: lang ? { lang } : {},
  });
}

function info(kind: 'customer' | 'courier', token: string, ip = freshIp()) {
  return ctx.app.inject({ method: 'GET', url: publicPath(kind, token), remoteAddress: ip });
}

describe('operator endpoints', () => {
  it('answers 401 without a session, 403 without send_device_commands, 404 for another tree, 403 view-only', async () => {
    const id = await micromarket('Guarded link');
    expect((await callApi(ctx, api.openLink.create, { params: { id }, body: { kind: 'courier' } })).statusCode).toBe(
      401,
    );
    const courier = await tenant.token('courier');
    const denied = await callApi(ctx, api.openLink.create, {
      params: { id },
      token: courier,
      body: { kind: 'courier' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await callApi(ctx, api.openLink.list, { params: { id }, token: courier })).statusCode).toBe(403);
    const other = await createTenant(ctx.database.db);
    const foreign = await insertMicromarket(ctx.database.db, other.org.main, 'Foreign link');
    const viewOnly = await insertMicromarket(ctx.database.db, tenant.org.kyiv, 'View-only link');
    for (const target of [foreign, viewOnly]) {
      const response = await callApi(ctx, api.openLink.create, {
        params: { id: target },
        token: operator,
        body: { kind: 'courier' },
      });
      expect(response.statusCode).toBe(target === foreign ? 404 : 403);
    }
    const foreignLink = await createLinkAs(await other.token('operator'), foreign);
    const revoke = await callApi(ctx, api.openLink.revoke, { token: operator, body: { token: foreignLink } });
    expect(revoke.statusCode).toBe(404);
  });

  it('creates links with the kind’s lifetime, lists the working ones and revokes one', async () => {
    const id = await micromarket('Listed');
    const before = Date.now();
    const courier = await createLink(id, 'courier');
    const customer = await createLink(id, 'customer');
    expect(courier.path).toBe(`/notauth/courier/open/fridge/${courier.token}`);
    expect(customer.url).toBe(`http://panel.test/notauth/open/fridge/${customer.token}`);
    const hours = (link: { expires_at: string }) => Math.round((Date.parse(link.expires_at) - before) / 3_600_000);
    expect(hours(courier)).toBe(12);
    expect(hours(customer)).toBe(30 * 24);
    expect(hours(await createLink(id, 'courier', 2))).toBe(2);
    const tooLong = await callApi(ctx, api.openLink.create, {
      params: { id },
      token: operator,
      body: { kind: 'courier', hours: 100 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.error().fields!)).toEqual(['hours']);

    const list = await callApi(ctx, api.openLink.list, { params: { id }, token: operator });
    expect(list.json().items).toHaveLength(3);
    const revoked = await callApi(ctx, api.openLink.revoke, { token: operator, body: { token: courier.token } });
    expect(revoked.statusCode).toBe(200);
    const after = await callApi(ctx, api.openLink.list, { params: { id }, token: operator });
    expect(after.json().items.map((link: { token: string }) => link.token)).not.toContain(courier.token);
    expect((await info('courier', courier.token)).statusCode).toBe(404);
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'open_link'), eq(auditLog.entityId, String(id))));
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'create', 'create', 'revoke']);
  });
});

async function createLinkAs(token: string, id: number) {
  const response = await callApi(ctx, api.openLink.create, { params: { id }, token, body: { kind: 'courier' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

describe('public open pages', () => {
  it('shows the micromarket of a working link, and one 404 for unknown, malformed, expired and wrong-kind', async () => {
    const id = await micromarket('Shown', { test_mode: true }, { address: 'Khreshchatyk 1' });
    const link = await createLink(id, 'courier');
    const shown = await info('courier', link.token);
    expect(shown.json()).toEqual({
      kind: 'courier',
      micromarket_name: 'Shown',
      address: 'Khreshchatyk 1',
      refusal: null,
    });
    const expired = await createLink(id, 'customer');
    await ctx.database.db
      .update(openLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(openLinks.token, expired.token));
    const answers = [
      await info('courier', '00000000-0000-4000-8000-000000000000'),
      await info('courier', 'not-a-uuid'),
      await info('customer', expired.token),
      await info('customer', link.token),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Not found' });
    }
    expect((await open('customer', link.token)).statusCode).toBe(404);
    expect((await open('customer', expired.token)).statusCode).toBe(404);
  });

  it('opens by a courier link once: request, command, device event and audit recorded, the link used up', async () => {
    const id = await micromarket('Courier door', {});
    const link = await createLink(id, 'courier');
    const first = await open('courier', link.token, { ...FORM, open_at: '2026-11-22T08:00:00Z' }, freshIp(), 'pl');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Drzwi zostaną wkrótce otwarte');
    const [command] = await ctx.database.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, first.json().command_id));
    expect(command).toMatchObject({ type: 'open_door', status: 'queued', payload: { session_kind: 'courier' } });
    const [request] = await ctx.database.db.select().from(openRequests).where(eq(openRequests.micromarketId, id));
    expect(request).toMatchObject({
      kind: 'courier',
      name: 'Olena',
      phone: '+380501234567',
      weights: [1200, 800],
      itemsCount: 3,
      commandId: command!.id,
    });
    expect(request!.ip).toMatch(/^10\.9\./);
    expect(request!.openAt?.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    const events = await ctx.database.db.select().from(deviceEvents).where(eq(deviceEvents.micromarketId, id));
    expect(events).toEqual([expect.objectContaining({ kind: 'command_queued', actorLabel: 'courier link' })]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'open_request'), eq(auditLog.entityId, String(request!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'open_door', via: 'http', actorUserId: null });

    const progress = (command: string) =>
      ctx.app.inject({
        method: 'GET',
        url: endpointPath(api.openLink.progress, { command }),
        remoteAddress: freshIp(),
      });
    expect((await progress(command!.id)).json()).toEqual({ status: 'queued', sale: null });
    await ctx.database.db
      .update(deviceCommands)
      .set({ status: 'acknowledged' })
      .where(eq(deviceCommands.id, command!.id));
    expect((await progress(command!.id)).json()).toEqual({ status: 'acknowledged', sale: null });
    expect((await progress('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await progress('nope')).statusCode).toBe(404);
    // An operator's service opening is not a link opening: its progress is not public.
    const other = await micromarket('Service door', {});
    const service = await callApi(ctx, api.deviceCommand.send, {
      params: { id: other },
      token: operator,
      body: { type: 'open_door' },
    });
    expect((await progress(service.json().command.id)).statusCode).toBe(404);

    const again = await open('courier', link.token);
    expect(again.statusCode).toBe(404);
    expect((await info('courier', link.token)).statusCode).toBe(404);
  });

  it('two phones racing on one courier link open the door once', async () => {
    const id = await micromarket('Race', {});
    const link = await createLink(id, 'courier');
    const answers = await Promise.all([open('courier', link.token), open('courier', link.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const rows = await ctx.database.db.select().from(openRequests).where(eq(openRequests.micromarketId, id));
    expect(rows).toHaveLength(1);
  });

  it('a courier link opens a locked micromarket out of test mode; a refused opening leaves the link unused', async () => {
    const id = await micromarket('Locked courier', {}, { lockedAt: new Date() });
    const link = await createLink(id, 'courier');
    await ctx.database.db.update(micromarkets).set({ door: 'open' }).where(eq(micromarkets.id, id));
    const busy = await open('courier', link.token, FORM, freshIp(), 'en');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('The door was already opened, wait for completion and retry');
    await ctx.database.db.update(micromarkets).set({ door: 'closed' }).where(eq(micromarkets.id, id));
    expect((await open('courier', link.token)).statusCode).toBe(200);
  });

  it('a customer link answers the sales gate first (§8 payment rejection reasons), in the caller locale', async () => {
    // An offline micromarket: the page says why before the form, the form is refused with 409.
    const offline = await micromarket('Offline customer', {});
    const offlineLink = await createLink(offline, 'customer');
    expect((await info('customer', offlineLink.token)).json().refusal).toBe('No ping/connection');
    const refused = await open('customer', offlineLink.token, FORM, freshIp(), 'ua');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Немає пінгу/зʼєднання');

    const locked = await micromarket(
      'Locked customer',
      {},
      {
        lockedAt: new Date(),
        connection: 'online',
        lastActivityAt: new Date(),
      },
    );
    const lockedLink = await createLink(locked, 'customer');
    const lockedAnswer = await open('customer', lockedLink.token, FORM, freshIp(), 'en');
    expect(lockedAnswer.statusCode).toBe(409);
    expect(lockedAnswer.json().message).toBe('Expired or damaged products');
    expect(await ctx.database.db.select().from(deviceCommands).where(eq(deviceCommands.micromarketId, locked))).toEqual(
      [],
    );
  });

  it('answers the §5 message naming every missing required field, and validates the rest', async () => {
    const id = await micromarket('Form');
    const link = await createLink(id, 'customer');
    const missing = await open('customer', link.token, { name: '  ', notes: 'x' }, freshIp(), 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'You have not filled in all required fields',
      fields: { name: 'This field is required', phone: 'This field is required' },
    });
    const ua = await open('customer', link.token, { name: 'Ivan' }, freshIp(), 'ua');
    expect(ua.json().message).toBe('Ви заповнили не всі обовʼязкові поля');
    expect(Object.keys(ua.json().fields)).toEqual(['phone']);
    const badWeights = await open('customer', link.token, { ...FORM, weights: [-1] });
    expect(badWeights.statusCode).toBe(400);
    expect(Object.keys(badWeights.json().fields)).toEqual(['weights.0']);
    const badDate = await open('customer', link.token, { ...FORM, close_at: 'tomorrow' });
    expect(Object.keys(badDate.json().fields)).toEqual(['close_at']);
    const rows = await ctx.database.db.select().from(openRequests).where(eq(openRequests.micromarketId, id));
    expect(rows).toHaveLength(0);
  });

  it('limits refused forms per address at a link (others still try) and calls per address with 429', async () => {
    const id = await micromarket('Limited');
    const link = await createLink(id, 'customer');
    const junk = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await open('customer', link.token, {}, junk)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await open('customer', link.token, {}, junk);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/Too many attempts/);
    // Issue 33: one address's junk does not close the link to everyone else for ten minutes.
    expect((await open('customer', link.token, {})).statusCode).toBe(400);

    const ip = freshIp();
    const other = await createLink(id, 'courier');
    const pages: number[] = [];
    for (let i = 0; i < 31; i += 1) pages.push((await info('courier', other.token, ip)).statusCode);
    expect(pages.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(pages[30]).toBe(429);
    expect((await info('courier', other.token)).statusCode).toBe(200);
  });
});
