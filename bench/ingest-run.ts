/**
 * One measured run of the ingest bench (bench/device-ingest.ts): the fridges connect to `url`
 * (the embedded broker of `apps[0]`, or a RabbitMQ node the apps consume from), publish for a
 * warm-up and a measured window, and what reached the database and the live feed is timed.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { App } from '../apps/server/src/app.js';
import type { Database } from '../apps/server/src/db/client.js';
import { deviceEvents, telemetry } from '../apps/server/src/db/schema/index.js';
import { type BenchFridge, doorKey, epochNow, FridgeFleet, type Published, sampleKey } from './fridge-fleet.js';
import { FridgeProcesses } from './fridge-processes.js';

const POLL_MS = 25;
const DRAIN_MS = 10_000;

export type IngestRunOptions = {
  apps: App[];
  url: string;
  database: Database;
  fridges: BenchFridge[];
  /** The fridges' boot counter: a later run on the same fridges starts a new boot, or its seqs would be replays. */
  boot: number;
  processes: number;
  rate: number;
  doorRate: number;
  warmupSeconds: number;
  seconds: number;
};

export type IngestRunResult = {
  connectSeconds: number;
  /** Telemetry (QoS 0) and door sessions (QoS 1) published in the window. */
  published: { qos0: number; qos1: number };
  /** Telemetry rows that reached the table during the window, whenever they were published. */
  storedInWindow: number;
  storedLatencies: number[];
  doorStoredLatencies: number[];
  doorAckLatencies: number[];
  liveLatencies: number[];
  stats: { received: number; accepted: number; rejected: Record<string, number> };
};

const maxId = async (database: Database, table: typeof telemetry | typeof deviceEvents) => {
  const [row] = await database.db.select({ id: sql<number>`coalesce(max(${table.id}), 0)::bigint` }).from(table);
  return Number(row?.id ?? 0);
};

const sumStats = (apps: App[]) => {
  const total = { received: 0, accepted: 0, rejected: {} as Record<string, number> };
  for (const app of apps) {
    const snapshot = app.gateway!.stats.snapshot();
    total.received += snapshot.received;
    total.accepted += snapshot.accepted;
    for (const [reason, count] of Object.entries(snapshot.rejected)) {
      if (count > 0) total.rejected[reason] = (total.rejected[reason] ?? 0) + count;
    }
  }
  return total;
};

export async function runIngest(options: IngestRunOptions): Promise<IngestRunResult> {
  const { apps, database, fridges } = options;
  // What was published when, and what arrived where.
  const publishedAt = new Map<string, number>();
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  const published = { qos0: 0, qos1: 0 };
  const storedLatencies: number[] = [];
  const doorStoredLatencies: number[] = [];
  const doorAckLatencies: number[] = [];
  const liveLatencies: number[] = [];
  let storedInWindow = 0;
  // A worker process reports its publishes every 100 ms, and a QoS 1 publish only once it is
  // acknowledged (by the embedded broker once stored), so a row or event can be seen before its
  // publish is known here: kept by key until the report comes.
  const seenEarly = { stored: new Map<string, number>(), live: new Map<string, number>() };
  const record = (key: string, at: number, latencies: number[]) => {
    const sent = publishedAt.get(key);
    if (sent === undefined) seenEarly.stored.set(key, at);
    else latencies.push(at - sent);
  };

  // The live bus travels between instances (NOTIFY): the first instance's subscribers, as a
  // browser connected to it, see every instance's events.
  const unsubscribes = [apps[0]!].map((app) =>
    app.live.subscribe((message) => {
      if (message.kind !== 'event' || message.event.topic !== 'micromarket.state') return;
      const temperature = (message.event.data as { temperature?: unknown }).temperature;
      if (typeof temperature !== 'number') return;
      const key = sampleKey(Number(message.event.id), temperature);
      const sent = publishedAt.get(key);
      if (sent === undefined) seenEarly.live.set(key, epochNow());
      else liveLatencies.push(epochNow() - sent);
    }),
  );

  // From what earlier runs on this database left.
  let lastTelemetryId = await maxId(database, telemetry);
  let lastEventId = await maxId(database, deviceEvents);
  let polling = true;
  const poll = async () => {
    while (polling) {
      const rows = await database.db
        .select({ id: telemetry.id, micromarketId: telemetry.micromarketId, temperature: telemetry.temperature })
        .from(telemetry)
        .where(gt(telemetry.id, lastTelemetryId))
        .orderBy(telemetry.id)
        .limit(20_000);
      const now = epochNow();
      for (const row of rows) {
        lastTelemetryId = Math.max(lastTelemetryId, row.id);
        if (now >= windowStart && now <= windowEnd) storedInWindow += 1;
        if (row.temperature !== null) record(sampleKey(row.micromarketId, row.temperature), now, storedLatencies);
      }
      if (options.doorRate > 0) {
        // A QoS 1 message is acknowledged once its history line is written too (Ingest.handle).
        const events = await database.db
          .select({ id: deviceEvents.id, session: sql<string>`${deviceEvents.details}->>'session_id'` })
          .from(deviceEvents)
          .where(and(gt(deviceEvents.id, lastEventId), eq(deviceEvents.kind, 'door_session_opened')))
          .orderBy(deviceEvents.id)
          .limit(20_000);
        const at = epochNow();
        for (const event of events) {
          lastEventId = Math.max(lastEventId, event.id);
          record(doorKey(event.session), at, doorStoredLatencies);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const onPublish = ({ key, sentAt, qos, ackedAt }: Published) => {
    const stored = seenEarly.stored.get(key);
    const live = seenEarly.live.get(key);
    seenEarly.stored.delete(key);
    seenEarly.live.delete(key);
    if (sentAt < windowStart || sentAt > windowEnd) {
      publishedAt.delete(key);
      return;
    }
    publishedAt.set(key, sentAt);
    if (qos === 1) {
      published.qos1 += 1;
      if (ackedAt !== undefined) doorAckLatencies.push(ackedAt - sentAt);
    } else {
      published.qos0 += 1;
    }
    if (stored !== undefined && stored >= sentAt)
      (qos === 1 ? doorStoredLatencies : storedLatencies).push(stored - sentAt);
    if (live !== undefined && live >= sentAt) liveLatencies.push(live - sentAt);
  };
  const fleetOptions = { style: 'bench', boot: options.boot } as const;
  const fleet =
    options.processes > 0
      ? new FridgeProcesses(options.processes, options.url, onPublish, fleetOptions)
      : new FridgeFleet(options.url, onPublish, fleetOptions);
  const acceptedBefore = sumStats(apps).accepted;
  const connectStart = performance.now();
  await fleet.connect(fridges);
  // Every hello handled (behind RabbitMQ a PUBACK says only that the queue has it), or the
  // warm-up would measure their backlog.
  const helloDeadline = performance.now() + 120_000;
  while (sumStats(apps).accepted - acceptedBefore < fridges.length && performance.now() < helloDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(apps.map((app) => app.gateway!.settle()));
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const statsBefore = sumStats(apps);
  fleet.start(options.rate, options.doorRate);
  const poller = poll();

  await new Promise((resolve) => setTimeout(resolve, options.warmupSeconds * 1000));
  windowStart = epochNow();
  windowEnd = windowStart + options.seconds * 1000;
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  // In-process fridges stop publishing (and disconnect after the count); workers stop, report
  // their last acknowledged publishes and disconnect now.
  if (fleet instanceof FridgeFleet) fleet.stop();
  else await fleet.close();
  // Let the last messages of the window arrive (or not) before counting.
  const drainUntil = performance.now() + DRAIN_MS;
  while (
    (storedLatencies.length < published.qos0 || doorStoredLatencies.length < published.qos1) &&
    performance.now() < drainUntil
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  polling = false;
  await poller;
  for (const unsubscribe of unsubscribes) unsubscribe();
  await Promise.all(apps.map((app) => app.gateway!.settle()));
  const after = sumStats(apps);
  if (fleet instanceof FridgeFleet) await fleet.close();
  const rejected: Record<string, number> = {};
  for (const [reason, count] of Object.entries(after.rejected)) {
    const more = count - (statsBefore.rejected[reason] ?? 0);
    if (more > 0) rejected[reason] = more;
  }
  return {
    connectSeconds,
    published,
    storedInWindow,
    storedLatencies,
    doorStoredLatencies,
    doorAckLatencies,
    liveLatencies,
    stats: {
      received: after.received - statsBefore.received,
      accepted: after.accepted - statsBefore.accepted,
      rejected,
    },
  };
}
