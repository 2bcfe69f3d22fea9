/**
 * A worker process of the ingest bench (`--processes N`): holds a share of the simulated
 * fridges' connections, since one process cannot open both ends of 10,000 sockets under the
 * usual descriptor limits. The bench tells it what to do over IPC; it reports its publishes
 * in batches every 100 ms.
 */
import { type BenchFridge, type FleetOptions, FridgeFleet, type Published } from './fridge-fleet.js';

export type WorkerCommand =
  | { kind: 'connect'; url: string; fridges: BenchFridge[]; options: FleetOptions }
  | { kind: 'start'; rate: number; doorRate: number }
  | { kind: 'stop' };
export type WorkerReport =
  | { kind: 'connected'; count: number }
  | { kind: 'published'; batch: Published[] }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: string };

const send = (report: WorkerReport) => process.send!(report);
let batch: Published[] = [];
let fleet: FridgeFleet | null = null;
const reporter = setInterval(() => {
  if (batch.length === 0) return;
  send({ kind: 'published', batch });
  batch = [];
}, 100);

process.on('message', (command: WorkerCommand) => {
  void (async () => {
    try {
      if (command.kind === 'connect') {
        // A second connect adds to the same fleet (the connections bench connects in steps).
        fleet ??= new FridgeFleet(command.url, (published) => batch.push(published), command.options);
        await fleet.connect(command.fridges);
        send({ kind: 'connected', count: command.fridges.length });
      } else if (command.kind === 'start') {
        fleet!.start(command.rate, command.doorRate);
      } else {
        fleet?.stop();
        // The last QoS 1 publishes of the window are reported once the broker has answered them.
        await fleet?.settle(10_000);
        if (batch.length > 0) send({ kind: 'published', batch });
        batch = [];
        await fleet?.close();
        clearInterval(reporter);
        send({ kind: 'stopped' });
        process.disconnect();
      }
    } catch (error) {
      send({ kind: 'failed', error: (error as Error).stack ?? String(error) });
    }
  })();
});
