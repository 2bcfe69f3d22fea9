import { api, LIVE_HEARTBEAT_MS, LIVE_RESYNC, LIVE_TOPICS, type LiveTopic, type TLiveEvent } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import type { SessionUser } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { bearerToken, resolveSession } from '../../plugins/auth.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import type { LiveBus, LiveMessage } from './live-bus.js';

/** Open streams one user may hold on one instance (tabs, wall boards). */
export const MAX_STREAMS_PER_USER = 10;

export type LiveRouteOptions = {
  ctx: ServiceContext;
  bus: LiveBus;
  /** Heartbeat and session re-check period; tests shorten it. */
  heartbeatMs?: number;
};

/** The topics of `requested` (all when omitted) this user may follow. */
export function topicsFor(user: SessionUser, requested: readonly LiveTopic[] | undefined): Set<LiveTopic> {
  const wanted = requested ?? (Object.keys(LIVE_TOPICS) as LiveTopic[]);
  return new Set(wanted.filter((topic) => LIVE_TOPICS[topic].some((permission) => user.permissions.has(permission))));
}

export function mayReceive(user: SessionUser, topics: Set<LiveTopic>, event: TLiveEvent): boolean {
  return topics.has(event.topic) && user.scope.canSee(event.org_id);
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export async function liveRoutes(app: FastifyInstance, options: LiveRouteOptions) {
  const { ctx, bus } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const streamsByUser = new Map<number, number>();
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...openStreams]) close();
  });

  registerEndpoint(app, api.live.events, async ({ actor, query, request, reply }) => {
    const open = streamsByUser.get(actor.userId) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) throw new AppError(429, 'errors.too_many_streams');
    streamsByUser.set(actor.userId, open + 1);

    const token = bearerToken(request) ?? '';
    let user: SessionUser = actor;
    let topics = topicsFor(user, query.topics);
    let closed = false;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(`retry: 5000\n${frame('ready', { topics: [...topics] })}`);

    const close = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(close);
      unsubscribe();
      clearInterval(heartbeat);
      stopWatching();
      const left = (streamsByUser.get(actor.userId) ?? 1) - 1;
      if (left > 0) streamsByUser.set(actor.userId, left);
      else streamsByUser.delete(actor.userId);
      raw.end();
    };

    /** A logout, password change, disabling or role change reaches the stream at once. */
    let checking = false;
    const recheck = async () => {
      if (closed || checking) return;
      checking = true;
      let current: Awaited<ReturnType<typeof resolveSession>> | null;
      try {
        current = await resolveSession(ctx.db, app.sessionCache, token);
      } catch (error) {
        // The database away says nothing of the session: the stream stays, and the next beat asks again.
        if (isDatabaseUnavailable(error)) return;
        current = null;
      } finally {
        checking = false;
      }
      if (closed) return;
      if (!current) {
        raw.write(frame('unauthorized', {}));
        close();
        return;
      }
      user = current;
      topics = topicsFor(user, query.topics);
    };

    const unsubscribe = bus.subscribe((message: LiveMessage) => {
      if (closed) return;
      if (message.kind === 'resync') raw.write(frame(LIVE_RESYNC, {}));
      else if (mayReceive(user, topics, message.event)) raw.write(frame(message.event.topic, message.event));
    });
    // The stream's session may have left the cache already, so every announced change is checked.
    const stopWatching = app.sessionCache.subscribe(() => void recheck());
    const heartbeat = setInterval(() => {
      raw.write(': ping\n\n');
      void recheck();
    }, heartbeatMs);
    heartbeat.unref();
    request.raw.on('close', close);
    openStreams.add(close);
  });
}
