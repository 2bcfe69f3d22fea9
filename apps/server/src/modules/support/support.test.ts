import { api, endpointPath, type TSupportThreadCard } from '@vitrina/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { bearer, createTestContext, type TestContext } from '../../../test/helper.js';
import { TestClock } from '../../lib/clock.js';
import { registerCustomer } from '../auth/index.js';

/** Issue 11: support chats and tickets, their lists, comments, attachments and moves. */
let ctx: TestContext;
const START = Date.UTC(2026, 5, 1, 9, 0, 0);
const clock = new TestClock(START);
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
beforeEach(() => clock.set(START));
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function staff(orgId: number, permissions: ('show_support_page' | 'show_ticket_system_page')[]) {
  return createSignedInUser(db(), { orgId, permissions, name: uniqueName('Agent') });
}

async function customerOf(orgId: number) {
  return registerCustomer(db(), {
    orgId,
    name: uniqueName('Customer'),
    email: `${uniqueName('c')}@example.com`,
    phone: `+38066${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
  });
}

/** Uploads go raw: the typed client sends JSON, an attachment is multipart. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('support chats', () => {
  it('answers 401 without a session, 403 without the permission, 404 for another organisation’s conversation', async () => {
    const tenant = await createTenant(db());
    const agent = await staff(tenant.org.main, ['show_support_page']);
    const chat = await okApi(ctx, api.support.create, { token: agent.token, body: { title: 'Door', text: 'Stuck' } });
    expect((await callApi(ctx, api.support.list)).statusCode).toBe(401);
    expect((await callApi(ctx, api.support.list, { token: await tenant.token('courier') })).statusCode).toBe(403);
    // The ticket permission is not the chat one, and a chat is not a ticket.
    const ticketsOnly = await staff(tenant.org.main, ['show_ticket_system_page']);
    expect((await callApi(ctx, api.support.list, { token: ticketsOnly.token })).statusCode).toBe(403);
    expect(
      (await callApi(ctx, api.ticket.info, { params: { id: chat.id }, token: ticketsOnly.token })).statusCode,
    ).toBe(404);
    const stranger = await staff((await createTenant(db())).org.main, ['show_support_page']);
    const asStranger = { params: { id: chat.id }, token: stranger.token };
    const theirs = {
      info: await callApi(ctx, api.support.info, asStranger),
      take: await callApi(ctx, api.support.take, asStranger),
      resolve: await callApi(ctx, api.support.resolve, asStranger),
    };
    for (const [path, response] of Object.entries(theirs)) expect(response.statusCode, path).toBe(404);
    const comment = await callApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: stranger.token,
      body: { text: 'hi' },
    });
    expect(comment.statusCode).toBe(404);
    // Main sees Kyiv's conversations but may only read them (level 1).
    const kyivAgent = await staff(tenant.org.kyiv, ['show_support_page']);
    const kyivChat = await okApi(ctx, api.support.create, { token: kyivAgent.token, body: { title: 'K', text: 'K' } });
    expect((await callApi(ctx, api.support.info, { params: { id: kyivChat.id }, token: agent.token })).statusCode).toBe(
      200,
    );
    expect((await callApi(ctx, api.support.take, { params: { id: kyivChat.id }, token: agent.token })).statusCode).toBe(
      403,
    );
  });

  it('moves a conversation through take, return and resolve into the archive, with the time in each state', async () => {
    const tenant = await createTenant(db());
    const agent = await staff(tenant.org.main, ['show_support_page']);
    const buyer = await customerOf(tenant.org.main);
    const chat = await okApi(ctx, api.support.create, {
      token: agent.token,
      body: {
        title: 'Charged twice',
        text: 'My card was charged twice',
        customer_id: buyer.id,
      },
    });
    expect(chat).toMatchObject({ status: 'new', customer_id: buyer.id, assignee_id: null });
    clock.advance(60_000);
    expect(await okApi(ctx, api.support.take, { params: { id: chat.id }, token: agent.token })).toMatchObject({
      status: 'in_work',
      assignee_id: agent.id,
    });
    clock.advance(30_000);
    expect(await okApi(ctx, api.support.return, { params: { id: chat.id }, token: agent.token })).toMatchObject({
      status: 'new',
      assignee_id: null,
    });
    await okApi(ctx, api.support.take, { params: { id: chat.id }, token: agent.token });
    clock.advance(120_000);
    const resolved = await okApi(ctx, api.support.resolve, { params: { id: chat.id }, token: agent.token });
    expect(resolved.status).toBe('resolved');
    expect(resolved.state_ms).toEqual({ new: 60_000, in_work: 150_000, resolved: 0 });

    const current = (await callApi(ctx, api.support.list, { token: agent.token })).json();
    expect(current.items.map((item) => item.id)).not.toContain(chat.id);
    const archive = (await callApi(ctx, api.support.list, { token: agent.token, query: { archive: 'true' } })).json();
    expect(archive.items.map((item) => item.id)).toContain(chat.id);

    const again = await callApi(ctx, api.support.take, { params: { id: chat.id }, token: agent.token });
    expect(again.statusCode).toBe(409);
    expect(again.error().message).toBe('Not possible now: it is resolved');
    const late = await callApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: agent.token,
      body: { text: 'x' },
    });
    expect(late.statusCode).toBe(409);
    // Chats are never cancelled: that is the tickets' move.
    expect((await callApi(ctx, api.ticket.cancel, { params: { id: chat.id }, token: agent.token })).statusCode).toBe(
      403,
    );
    const card = (await callApi(ctx, api.support.info, { params: { id: chat.id }, token: agent.token })).json();
    expect(card.history.map((entry) => entry.status)).toEqual(['new', 'in_work', 'new', 'in_work', 'resolved']);
  });

  it('adds comments and attachments under 2 MB, announces them live, and refuses other files', async () => {
    const tenant = await createTenant(db());
    const agent = await staff(tenant.org.main, ['show_support_page']);
    const chat = await okApi(ctx, api.support.create, {
      token: agent.token,
      body: {
        title: 'Photo',
        text: 'See photo',
      },
    });
    // What the live bus fans out to the panels (its delivery has the live module's own tests).
    const publish = vi.spyOn(ctx.app.live, 'publish');
    const card = await okApi(ctx, api.support.comment, {
      params: { id: chat.id },
      token: agent.token,
      body: {
        text: 'Looking into it',
      },
    });
    expect(card.comments).toEqual([
      expect.objectContaining({
        author_kind: 'staff',
        author_name: agent.name,
        text: 'Looking into it',
        attachment: null,
      }),
    ]);
    const upload = multipart({ text: 'The receipt' }, { name: 'receipt.png', bytes: PNG, type: 'image/png' });
    const attached = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.support.attach, { id: chat.id }),
      headers: { ...bearer(agent.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(attached.statusCode).toBe(200);
    const last = attached.json<TSupportThreadCard>().comments.at(-1)!;
    expect(last).toMatchObject({ text: 'The receipt', attachment: { name: 'receipt.png', type: 'image/png' } });
    const file = await ctx.app.inject({ method: 'GET', url: last.attachment!.url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);

    const text = multipart({}, { name: 'notes.txt', bytes: Buffer.from('plain text'), type: 'text/plain' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.support.attach, { id: chat.id }),
      headers: { ...bearer(agent.token), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(400);
    const big = multipart(
      {},
      { name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), type: 'image/png' },
    );
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: endpointPath(api.support.attach, { id: chat.id }),
      headers: { ...bearer(agent.token), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const heard = publish.mock.calls.map(([event]) => event).filter((event) => event.id === chat.id);
    publish.mockRestore();
    expect(heard).toEqual([
      { topic: 'support', org_id: tenant.org.main, id: chat.id, data: { change: 'comment' } },
      { topic: 'support', org_id: tenant.org.main, id: chat.id, data: { change: 'comment' } },
    ]);
    expect(
      (await callApi(ctx, api.support.info, { params: { id: chat.id }, token: agent.token })).json().comments_count,
    ).toBe(2);
  });

  it('links a customer, micromarket and sale of the organisation only, naming the field', async () => {
    const tenant = await createTenant(db());
    const agent = await staff(tenant.org.main, ['show_support_page']);
    const foreign = await customerOf((await createTenant(db())).org.main);
    const response = await callApi(ctx, api.support.create, {
      token: agent.token,
      body: { title: 'X', text: 'Y', customer_id: foreign.id, micromarket_id: 2_000_000_000, transaction_id: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({
      customer_id: 'Choose a customer of the organisation',
      micromarket_id: 'Choose a micromarket of the organisation',
      transaction_id: 'No sale of the organisation has this number',
    });
    // The form's pickers offer the organisation's own customers and micromarkets only.
    const buyer = await customerOf(tenant.org.main);
    const lobby = await insertMicromarket(db(), tenant.org.main, uniqueName('Lobby'));
    await insertMicromarket(db(), (await createTenant(db())).org.main, uniqueName('Lobby'));
    const customers = (await callApi(ctx, api.support.customers, { token: agent.token })).json();
    expect(customers.items.map((item: { id: number }) => item.id)).toEqual([buyer.id]);
    const markets = (
      await callApi(ctx, api.support.micromarkets, { token: agent.token, query: { q: 'Lobby' } })
    ).json();
    expect(markets.items.map((item: { id: number }) => item.id)).toEqual([lobby]);
    const linked = await okApi(ctx, api.support.create, {
      token: agent.token,
      body: {
        title: 'Door',
        text: 'Door does not open',
        customer_id: buyer.id,
        micromarket_id: lobby,
      },
    });
    expect(linked).toMatchObject({ customer_id: buyer.id, customer_name: expect.any(String), micromarket_id: lobby });
  });
});

describe('tickets', () => {
  it('assigns within the organisation’s ticket workers, sets priority, and cancels or rejects into the archive', async () => {
    const tenant = await createTenant(db());
    const lead = await staff(tenant.org.main, ['show_ticket_system_page']);
    const worker = await staff(tenant.org.main, ['show_ticket_system_page']);
    const chatsOnly = await staff(tenant.org.main, ['show_support_page']);
    const ticket = await okApi(ctx, api.ticket.create, {
      token: lead.token,
      body: {
        title: 'Fridge 12 leaks',
        text: 'Water under the fridge',
        priority: 'high',
        assignee_id: worker.id,
      },
    });
    expect(ticket).toMatchObject({
      kind: 'ticket',
      priority: 'high',
      assignee_id: worker.id,
      assignee_name: worker.name,
    });
    const people = (await callApi(ctx, api.ticket.assignees, { token: lead.token })).json();
    expect(people.items.map((item) => item.id).sort()).toEqual([lead.id, worker.id].sort());
    const wrong = await callApi(ctx, api.ticket.update, {
      params: { id: ticket.id },
      token: lead.token,
      body: { assignee_id: chatsOnly.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().fields).toEqual({ assignee_id: 'Choose a user of the organisation who works tickets' });
    const urgent = await okApi(ctx, api.ticket.update, {
      params: { id: ticket.id },
      token: lead.token,
      body: {
        priority: 'urgent',
        assignee_id: null,
      },
    });
    expect(urgent).toMatchObject({ priority: 'urgent', assignee_id: null });
    // Taking it assigns it to whoever takes it.
    expect(await okApi(ctx, api.ticket.take, { params: { id: ticket.id }, token: worker.token })).toMatchObject({
      status: 'in_work',
      assignee_id: worker.id,
    });
    const byPriority = (
      await callApi(ctx, api.ticket.list, { token: lead.token, query: { priority: 'urgent' } })
    ).json();
    expect(byPriority.items.map((item) => item.id)).toEqual([ticket.id]);
    expect((await okApi(ctx, api.ticket.reject, { params: { id: ticket.id }, token: lead.token })).status).toBe(
      'rejected',
    );

    const other = await okApi(ctx, api.ticket.create, { token: lead.token, body: { title: 'Dup', text: 'Dup' } });
    expect((await okApi(ctx, api.ticket.cancel, { params: { id: other.id }, token: lead.token })).status).toBe(
      'cancelled',
    );
    const archive = (await callApi(ctx, api.ticket.list, { token: lead.token, query: { archive: 'true' } })).json();
    expect(archive.items.map((item) => item.id).sort()).toEqual([ticket.id, other.id].sort());
    expect((await callApi(ctx, api.ticket.cancel, { params: { id: other.id }, token: lead.token })).statusCode).toBe(
      409,
    );
  });
});
