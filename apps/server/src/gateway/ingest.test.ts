import { deviceTopic } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../lib/clock.js';
import type { ServiceContext } from '../lib/context.js';
import type { DeviceDirectory } from './device-directory.js';
import type { DeviceStates } from './device-state.js';
import { GatewayStats } from './gateway-stats.js';
import { Ingest } from './ingest.js';
import type { TelemetryBuffer } from './telemetry-buffer.js';

describe('ingest under overload', () => {
  it('drops telemetry and heartbeats beyond the queue bound, counted, and still queues QoS 1 messages', async () => {
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A directory that answers only once released: every message waits in the queue.
    const directory = {
      find: async () => {
        await stuck;
        return null;
      },
    } as unknown as DeviceDirectory;
    const stats = new GatewayStats();
    const ingest = new Ingest({
      ctx: { clock: new TestClock() } as unknown as ServiceContext,
      directory,
      stats,
      telemetry: {} as TelemetryBuffer,
      states: {} as DeviceStates,
      onHello: async () => {},
      maxQueued: 3,
    });
    const message = (channel: 'telemetry' | 'heartbeat' | 'door-session', serial: string) => ({
      topic: deviceTopic(serial, channel),
      payload: Buffer.from('{}'),
    });
    for (let i = 0; i < 5; i += 1) ingest.handle(message('telemetry', `SN-${i}`));
    ingest.handle(message('heartbeat', 'SN-9'));
    ingest.handle(message('door-session', 'SN-9'));
    expect(stats.rejected.overloaded).toBe(3);
    release();
    await ingest.idle();
    // The four queued messages were handled (their serials unknown to this directory).
    expect(stats.rejected.unknown_serial).toBe(4);
    expect(stats.received).toBe(7);
  });
});

describe('ingest answers', () => {
  it('rejects a message it could not store, so the broker does not acknowledge it, and goes on with the next', async () => {
    let failing = true;
    const directory = {
      find: async () => {
        if (failing) throw new Error('database unavailable');
        return null;
      },
    } as unknown as DeviceDirectory;
    const stats = new GatewayStats();
    const ingest = new Ingest({
      ctx: { clock: new TestClock() } as unknown as ServiceContext,
      directory,
      stats,
      telemetry: {} as TelemetryBuffer,
      states: {} as DeviceStates,
      onHello: async () => {},
    });
    const doorSession = { topic: deviceTopic('SN-1', 'door-session'), payload: Buffer.from('{}') };
    const failed = ingest.handle(doorSession);
    // A caller that ignores the answer (a QoS 0 message) leaves no unhandled rejection behind.
    void ingest.handle({ topic: deviceTopic('SN-1', 'telemetry'), payload: Buffer.from('{}') });
    await expect(failed).rejects.toThrow('database unavailable');
    expect(stats.rejected.failed).toBe(2);
    failing = false;
    // Refused for good (an unknown serial) is answered: acknowledged, never sent again.
    await expect(ingest.handle(doorSession)).resolves.toBeUndefined();
    expect(stats.rejected.unknown_serial).toBe(1);
    await ingest.idle();
  });
});
