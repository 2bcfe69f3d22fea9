import { api, type TLiveEvent } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createTenant, type Tenant } from '../../../test/factories/tenant.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { MAX_STREAMS_PER_USER } from './index.js';

let ctx: TestContext;
let base: string;
let tenant: Tenant;
let stranger: Tenant;

beforeAll(async () => {
  ctx = await createTestContext({ live: { flushMs: 0 } });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  [tenant, stranger] = await Promise.all([createTenant(ctx.database.db), createTenant(ctx.database.db)]);
});
afterAll(() => ctx.close());

type Frame = { event: string; data: unknown };

/** An open event stream: frames as they arrive, and a way to wait for the next matching one. */
async function openStream(token: string, topics?: string) {
  const controller = new AbortController();
  const url = `${base}/v1/live/events${topics ? `?topics=${topics}` : ''}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  let ended: () => void = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const pump = async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const frame = { event, data: JSON.parse(data) };
          frames.push(frame);
          for (const waiter of waiters.filter((w) => w.match(frame))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(frame);
          }
        }
      }
    } catch {
      // aborted by the test
    }
    ended();
  };
  void pump();
  return {
    response,
    frames,
    end,
    next: (match: (frame: Frame) => boolean) =>
      new Promise<Frame>((resolve) => {
        const seen = frames.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
    close: () => controller.abort(),
  };
}

const event = (orgId: number, id: number, topic: TLiveEvent['topic'] = 'micromarket.state'): TLiveEvent => ({
  topic,
  org_id: orgId,
  id,
  data: { connection: 'online' },
});

describe('GET /v1/live/events', () => {
  it('answers 401 without a session', async () => {
    const response = await callApi(ctx, api.live.events);
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unknown topic, naming the field', async () => {
    const response = await callApi(ctx, api.live.events, {
      token: await tenant.token('operator'),
      query: { topics: 'micromarket.state,payroll' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.error().fields!)).toEqual(['topics.1']);
  });

  it('delivers events of the organisations the user sees, and no others', async () => {
    const stream = await openStream(await tenant.token('operator'));
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.next((frame) => frame.event === 'ready');
    ctx.app.live.publish(event(stranger.org.main, 1));
    ctx.app.live.publish(event(tenant.org.krakow, 2));
    ctx.app.live.publish(event(tenant.org.main, 3));
    await stream.next((frame) => (frame.data as TLiveEvent).id === 3);
    const ids = stream.frames
      .filter((frame) => frame.event === 'micromarket.state')
      .map((f) => (f.data as TLiveEvent).id);
    // Main sees Krakow (a linked sub-organisation) and itself, never another tenant.
    expect(ids).toEqual([2, 3]);
    stream.close();
  });

  it('shows a sub-organisation only its own events', async () => {
    const stream = await openStream(await tenant.token('franchisor'));
    await stream.next((frame) => frame.event === 'ready');
    ctx.app.live.publish(event(tenant.org.main, 10));
    ctx.app.live.publish(event(tenant.org.krakow, 11));
    await stream.next((frame) => (frame.data as TLiveEvent).id === 11);
    expect(stream.frames.some((frame) => (frame.data as TLiveEvent).id === 10)).toBe(false);
    stream.close();
  });

  it('leaves out topics the user holds no permission for', async () => {
    // Support staff follow their conversations and tickets, and nothing of the fleet.
    const stream = await openStream(await tenant.token('support'));
    const ready = await stream.next((frame) => frame.event === 'ready');
    expect(ready.data).toEqual({ topics: ['support', 'ticket'] });
    const operator = await openStream(await tenant.token('operator'), 'alert');
    expect((await operator.next((frame) => frame.event === 'ready')).data).toEqual({ topics: ['alert'] });
    ctx.app.live.publish(event(tenant.org.main, 20, 'micromarket.state'));
    ctx.app.live.publish(event(tenant.org.main, 21, 'alert'));
    await operator.next((frame) => (frame.data as TLiveEvent).id === 21);
    expect(operator.frames.some((frame) => (frame.data as TLiveEvent).id === 20)).toBe(false);
    expect(stream.frames.some((frame) => frame.event === 'alert')).toBe(false);
    stream.close();
    operator.close();
  });

  it('ends the stream at once when its session is signed out', async () => {
    const user = await createTenant(ctx.database.db).then((t) => t.user('operator'));
    const stream = await openStream(user.token);
    await stream.next((frame) => frame.event === 'ready');
    const logout = await callApi(ctx, api.auth.logout, { token: user.token });
    expect(logout.statusCode).toBe(200);
    await stream.next((frame) => frame.event === 'unauthorized');
    await stream.end;
  });

  it(`allows ${MAX_STREAMS_PER_USER} open streams per user, then answers 429`, async () => {
    const user = await createTenant(ctx.database.db).then((t) => t.user('operator'));
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => openStream(user.token)));
    await Promise.all(streams.map((stream) => stream.next((frame) => frame.event === 'ready')));
    const refused = await fetch(`${base}/v1/live/events`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many open windows/);
    for (const stream of streams) stream.close();
  });
});
