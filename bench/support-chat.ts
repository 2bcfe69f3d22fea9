/**
 * Support chat latency: chat messages reach the other side in < 500 ms p95
 * with 200 open conversations. A server in this process listens on a port (PGlite, or
 * PostgreSQL with `--temp-postgres` / DATABASE_URL); 200 conversations (`--conversations`)
 * each have two people, and every person keeps the panel's live stream open (400 streams,
 * each hearing every conversation of the organisation, as the panel does). Comments go in
 * over HTTP, `--concurrency` at a time; each is timed from the POST until the other person's
 * stream carries its event. The panel then refetches the conversation after 100 ms
 * (CONVERSATION_REFETCH_MS), printed beside the figures. Measurement only: exit 0.
 *
 *   npm run bench:chat
 *   npm run bench:chat -- --temp-postgres --messages 5
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TOKEN_TTL_MS } from '@vitrina/contract';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rolePermissions, roles, sessions, supportThreads, users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { hashToken, newToken } from '../apps/server/src/lib/crypto.js';
// @ts-expect-error plain JavaScript helper shared with the test runner
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import { recreateDatabase } from './database.js';
import { percentile } from './load.js';

const { values: flags } = parseArgs({
  options: {
    conversations: { type: 'string', default: '200' },
    messages: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '20' },
    'temp-postgres': { type: 'boolean', default: false },
  },
});
const CONVERSATIONS = Number(flags.conversations);
const MESSAGES = Number(flags.messages);
const CONCURRENCY = Number(flags.concurrency);
const PANEL_REFETCH_MS = 100;
const say = (line: string) => process.stdout.write(`${line}\n`);

const temp = flags['temp-postgres'] && !process.env.DATABASE_URL ? await startTempPostgres() : null;
const adminUrl = process.env.DATABASE_URL || temp?.url;
const database = adminUrl
  ? await openDatabase({ databaseUrl: await recreateDatabase(adminUrl, 'vitrina_bench_chat') })
  : await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-chat-')) });

/** One person's live stream: resolves waiters when an event of a conversation arrives. */
function openStream(port: number, token: string) {
  const waiters = new Map<number, Array<() => void>>();
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let buffer = '';
  const request = http.get(
    { host: '127.0.0.1', port, path: '/v1/live/events?topics=support', headers: { authorization: `Bearer ${token}` } },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) {
          if (frame.includes('event: ready')) ready();
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (!data || !frame.includes('event: support')) continue;
          const id = Number((JSON.parse(data) as { id: number }).id);
          for (const resolve of waiters.get(id) ?? []) resolve();
          waiters.delete(id);
        }
      });
    },
  );
  return {
    isReady,
    heard: (threadId: number) =>
      new Promise<void>((resolve) => {
        waiters.set(threadId, [...(waiters.get(threadId) ?? []), resolve]);
      }),
    close: () => request.destroy(),
  };
}

try {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [role] = await db.insert(roles).values({ name: 'Bench support', orgId: 1 }).returning({ id: roles.id });
  await db.insert(rolePermissions).values({ roleId: role!.id, permission: 'show_support_page' });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CONVERSATIONS * 2 }, (_, index) => ({
        orgId: 1,
        roleId: role!.id,
        name: `Bench agent ${index}`,
        email: `bench.agent.${index}@bench.test`,
      })),
    )
    .returning({ id: users.id });
  const tokens = people.map(() => newToken());
  await db.insert(sessions).values(
    people.map((person, index) => ({
      userId: person.id,
      tokenHash: hashToken(tokens[index]!),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
    })),
  );
  const now = new Date();
  const threads = await db
    .insert(supportThreads)
    .values(
      Array.from({ length: CONVERSATIONS }, (_, index) => ({
        kind: 'chat' as const,
        orgId: 1,
        title: `Bench conversation ${index}`,
        text: 'Bench',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: supportThreads.id });

  const app = await buildApp({
    database,
    config: { publicUrl: 'http://bench', webDist: '/nonexistent', dataDir: os.tmpdir() },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const streams = tokens.map((token) => openStream(port, token));
  await Promise.all(streams.map((stream) => stream.isReady));
  say(
    `${CONVERSATIONS} conversations, ${streams.length} open live streams on ${adminUrl ? 'PostgreSQL' : 'PGlite'}; ${MESSAGES} messages each, ${CONCURRENCY} at a time`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const comment = (threadId: number, token: string) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ text: 'Bench message' });
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/v1/support/comment/${threadId}`,
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  // Round by round, so one conversation's messages do not all go at the same moment.
  const jobs = Array.from({ length: MESSAGES }, () =>
    threads.map((thread, index) => ({ thread: thread.id, index })),
  ).flat();
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const started = performance.now();
      // Person 2i writes; person 2i+1 is the other side.
      const heard = streams[job.index * 2 + 1]!.heard(job.thread);
      await comment(job.thread, tokens[job.index * 2]!);
      await heard;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  say(
    `  ${latencies.length} messages in ${seconds.toFixed(1)} s; POST → the other side's stream: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
  );
  say(
    `  with the panel's ${PANEL_REFETCH_MS} ms refetch delay: p95 about ${(p95 + PANEL_REFETCH_MS).toFixed(0)} ms plus one GET; ratio to the 500 ms target ${((p95 + PANEL_REFETCH_MS) / 500).toFixed(2)}`,
  );
  for (const stream of streams) stream.close();
  agent.destroy();
  await app.close();
} finally {
  await database.close();
  temp?.stop();
}
