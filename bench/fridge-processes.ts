import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFridge, FleetOptions, Published } from './fridge-fleet.js';
import type { WorkerCommand, WorkerReport } from './fridge-worker.js';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fridge-worker.ts');

/** The bench's fridges split over `count` worker processes (bench/fridge-worker.ts), driven like one fleet. */
export class FridgeProcesses {
  private readonly workers: ChildProcess[];
  private readonly waiting = new Map<ChildProcess, (report: WorkerReport) => void>();

  constructor(
    count: number,
    private readonly url: string,
    private readonly onPublish: (published: Published) => void,
    private readonly options: FleetOptions = { style: 'bench', boot: 1 },
  ) {
    this.workers = Array.from({ length: count }, () => {
      const worker = fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      worker.on('message', (report: WorkerReport) => {
        if (report.kind === 'published') {
          for (const published of report.batch) this.onPublish(published);
          return;
        }
        if (report.kind === 'failed') process.stderr.write(`fridge worker failed: ${report.error}\n`);
        this.waiting.get(worker)?.(report);
      });
      return worker;
    });
  }

  async connect(fridges: BenchFridge[]): Promise<void> {
    const share = Math.ceil(fridges.length / this.workers.length);
    await Promise.all(
      this.workers.map((worker, index) =>
        this.ask(worker, {
          kind: 'connect',
          url: this.url,
          fridges: fridges.slice(index * share, (index + 1) * share),
          options: this.options,
        }),
      ),
    );
  }

  start(rate: number, doorRate = 0): void {
    for (const worker of this.workers) worker.send({ kind: 'start', rate, doorRate } satisfies WorkerCommand);
  }

  /** Stops publishing and closes the workers' connections; their last reports have arrived when it resolves. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => this.ask(worker, { kind: 'stop' })));
  }

  private ask(worker: ChildProcess, command: WorkerCommand): Promise<WorkerReport> {
    return new Promise((resolve, reject) => {
      this.waiting.set(worker, (report) => {
        this.waiting.delete(worker);
        if (report.kind === 'failed') reject(new Error(report.error));
        else resolve(report);
      });
      worker.send(command);
    });
  }
}
