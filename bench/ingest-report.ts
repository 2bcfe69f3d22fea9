import type { Database } from '../apps/server/src/db/client.js';
import { telemetry } from '../apps/server/src/db/schema/index.js';
import type { BenchFridge } from './fridge-fleet.js';
import type { IngestRunResult } from './ingest-run.js';
import { percentile } from './load.js';

export type BrokerKind = 'embedded' | 'rabbitmq';
export type Run = IngestRunResult & { broker: BrokerKind; storedPerSecond: number };
type Settings = {
  fridges: number;
  rate: number;
  qos1Rate: number;
  seconds: number;
  instances: number;
  plainPerSecond: number;
};

const INSERT_BATCH = 500;
const say = (line: string) => process.stdout.write(`${line}\n`);
export const ms = (values: number[], p: number) => (values.length ? `${percentile(values, p).toFixed(1)} ms` : 'n/a');

/** `count` telemetry rows through a plain batched INSERT (drizzle, batches of 500), and the table's rows after. */
export async function plainInsert(database: Database, fridges: BenchFridge[], count: number) {
  const at = new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    micromarketId: fridges[i % fridges.length]!.id,
    at,
    temperature: 4,
    defrosting: false,
    doorOpen: false,
    weights: [1000, 1100, 1200, 1300],
    tilt: 0.4,
  }));
  const started = performance.now();
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await database.db.insert(telemetry).values(rows.slice(start, start + INSERT_BATCH));
  }
  const seconds = (performance.now() - started) / 1000;
  const total = await database.db.$count(telemetry);
  return { seconds, rowsPerSecond: count / seconds, total };
}

/** One broker's figures of the ingest bench. */
export function printRun(run: Run, settings: Settings) {
  const { seconds } = settings;
  const offered = settings.fridges * settings.rate;
  const { published, stats } = run;
  const where =
    run.broker === 'embedded'
      ? 'embedded broker, one instance'
      : `RabbitMQ on the recipe, ${settings.instances} instance${settings.instances > 1 ? 's' : ''} consuming over AMQP`;
  say('');
  say(`${where}: connected and said hello in ${run.connectSeconds.toFixed(1)} s`);
  say(
    `  telemetry published in window  ${published.qos0}  (${(published.qos0 / seconds).toFixed(0)} msg/s achieved` +
      `${published.qos0 < 0.95 * offered * seconds ? "; below the offered rate: the publishers' timers were starved by the work on this machine" : ''})`,
  );
  say(`  stored in window               ${run.storedInWindow}  (${run.storedPerSecond.toFixed(0)} msg/s)`);
  say(`  stored of published (drained)  ${run.storedLatencies.length} / ${published.qos0}`);
  say(`  publish → stored     p50 ${ms(run.storedLatencies, 50)}   p99 ${ms(run.storedLatencies, 99)}`);
  if (settings.qos1Rate > 0) {
    say(
      `  QoS 1 door sessions            ${published.qos1} published in window (${(published.qos1 / seconds).toFixed(0)} msg/s), ` +
        `${run.doorStoredLatencies.length} stored`,
    );
    say(`  QoS 1 publish → PUBACK   p50 ${ms(run.doorAckLatencies, 50)}   p99 ${ms(run.doorAckLatencies, 99)}`);
    say(`  QoS 1 publish → stored   p50 ${ms(run.doorStoredLatencies, 50)}   p99 ${ms(run.doorStoredLatencies, 99)}`);
  }
  say(
    `  publish → live feed  p50 ${ms(run.liveLatencies, 50)}   p99 ${ms(run.liveLatencies, 99)}   (${run.liveLatencies.length} events; coalesced per fridge per 200 ms flush)`,
  );
  say(
    `  stored msg/s ÷ plain INSERT rows/s  ${(run.storedPerSecond / settings.plainPerSecond).toFixed(3)}  ` +
      (run.storedPerSecond < 0.95 * (published.qos0 / seconds)
        ? '(stored below published: the ingest pipeline is the limit, its queue and latency grow)'
        : `(capped by the offered ${offered} msg/s; raise --fridges/--rate to find the ceiling)`),
  );
  say(
    `  gateway from the first sample: received ${stats.received}, accepted ${stats.accepted}, rejected ${JSON.stringify(stats.rejected)}`,
  );
}
