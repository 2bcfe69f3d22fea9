import { DEVICE_HEARTBEAT_INTERVAL_MS, DEVICE_TELEMETRY_INTERVAL_MS, type TDeviceDoorSession } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { runControl } from './control.js';
import { setUp, TEST_PRODUCTS } from './test-support.js';

type Envelope = { boot: number; seq: number; ts: number };
const MINUTE = 60_000;

describe('a fridge on the protocol', () => {
  it('connects with its will, says hello first and then heartbeats every 30 s and telemetry every 60 s', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    expect(network.wills).toEqual([{ v: 1, status: 'offline', boot: 0, seq: 0 }]);
    expect(network.published[0]).toMatchObject({ channel: 'hello', qos: 1, message: { boot: 0, seq: 0 } });
    expect(network.published[0]!.message).toMatchObject({ firmware: 'sim-1.0.0', platform: 'vitrina-sim' });

    clock.advance(10 * MINUTE);
    expect(network.on('heartbeat')).toHaveLength((10 * MINUTE) / DEVICE_HEARTBEAT_INTERVAL_MS);
    // One on connect, then one a minute.
    expect(network.on('telemetry')).toHaveLength(1 + (10 * MINUTE) / DEVICE_TELEMETRY_INTERVAL_MS);
    expect(network.published.find((p) => p.channel === 'heartbeat')?.qos).toBe(0);

    const seqs = network.published.map((p) => (p.message as Envelope).seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    const telemetry = network.on('telemetry').at(-1)!;
    expect(telemetry).toMatchObject({ door: 'closed', defrosting: expect.any(Boolean) });
    expect(telemetry.weights).toHaveLength(3);
  });

  it('publishes telemetry when a defrost starts and ends', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    const changes: boolean[] = [];
    let last = fridge.isDefrosting;
    for (let t = 0; t < 13 * 60; t++) {
      clock.advance(MINUTE);
      if (fridge.isDefrosting === last) continue;
      last = fridge.isDefrosting;
      changes.push(last);
    }
    expect(changes.length).toBeGreaterThanOrEqual(2);
    const defrostTelemetry = network.on<{ defrosting: boolean }>('telemetry').filter((t) => t.defrosting);
    expect(defrostTelemetry.length).toBeGreaterThan(0);
  });

  it('a customer session reports what left: tags, detections and weights agree, then the inventory', () => {
    const { clock, network, fridge } = setUp({ behaviour: { customersPerHour: 30 } });
    fridge.powerOn();
    const before = new Set(fridge.cabinet.tagCodes());
    clock.advance(60 * MINUTE);
    const sessions = network.on<TDeviceDoorSession>('door-session');
    const closed = sessions.filter((s) => s.state === 'closed');
    expect(closed.length).toBeGreaterThan(3);
    const grams = new Map(TEST_PRODUCTS.map((p) => [p.id, p.weight_grams]));
    for (const session of closed) {
      const opened = sessions.find((s) => s.id === session.id && s.state === 'opened');
      expect(opened).toMatchObject({ kind: 'customer', opened_at: session.opened_at });
      expect(session.closed_at).toBeGreaterThanOrEqual(session.opened_at);
      for (const tag of session.taken_tags) expect(before.has(tag)).toBe(true);
      const quantity = session.detections.reduce((sum, d) => sum + d.quantity, 0);
      expect(quantity).toBe(session.taken_tags.length);
      const lost = session.weights_before!.map((w, i) => (w ?? 0) - (session.weights_after![i] ?? 0));
      for (const [index, shelfLoss] of lost.entries()) {
        const expected = session.detections
          .filter((d) => d.shelf === index + 1)
          .reduce((sum, d) => sum + d.quantity * grams.get(d.product_id)!, 0);
        expect(shelfLoss).toBe(expected);
      }
    }
    // After every close: telemetry with the door closed, then the inventory without the taken tags.
    const lastClose = network.published.findLastIndex(
      (p) => p.channel === 'door-session' && p.message.state === 'closed',
    );
    expect(network.published[lastClose + 1]).toMatchObject({ channel: 'telemetry', message: { door: 'closed' } });
    const inventory = network.published[lastClose + 2]!;
    expect(inventory.channel).toBe('inventory');
    const taken = closed.flatMap((s) => s.taken_tags);
    expect((inventory.message.tags as string[]).sort()).toEqual([...before].filter((t) => !taken.includes(t)).sort());
  });

  it("a walk-up customer shows one of the organisation's cards; one who came by a command is not re-identified", () => {
    const customers = ['ct_demo_alpha_0001', 'ct_demo_bravo_0002'];
    const { clock, network, fridge } = setUp({ fridge: { customers }, behaviour: { customersPerHour: 30 } });
    fridge.powerOn();
    clock.advance(60 * MINUTE);
    const sessions = network.on<TDeviceDoorSession>('door-session');
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect(customers).toContain(session.customer_token);
    const closed = sessions.filter((s) => s.state === 'closed');
    for (const session of closed) {
      const opened = sessions.find((s) => s.id === session.id && s.state === 'opened');
      expect(opened?.customer_token).toBe(session.customer_token);
    }
  });

  it('a customer who shows their app’s code at the reader (the control line) is that code’s session', () => {
    const { clock, network, fridge } = setUp({ fridge: { customers: ['ct_demo_alpha_0001'] } });
    fridge.powerOn();
    const code = 'ct_0123456789abcdef0123456789abcdef';
    expect(runControl(`customer ${fridge.serial} ${code}`, [fridge])).toBe(
      `customer with code ${code}: the door opened at 1 of 1`,
    );
    clock.advance(5 * MINUTE);
    const sessions = network.on<TDeviceDoorSession>('door-session');
    expect(sessions.map((session) => [session.state, session.customer_token])).toEqual([
      ['opened', code],
      ['closed', code],
    ]);
    expect(runControl(`customer ${fridge.serial} not/a code`, [fridge])).toBe('not a customer code: not/a');
  });

  it('a courier restocks from the pool when the cabinet runs low', () => {
    const { clock, network, fridge } = setUp({ behaviour: { customersPerHour: 20, autoRestock: true } });
    fridge.powerOn();
    clock.advance(8 * 60 * MINUTE);
    const courier = network
      .on<TDeviceDoorSession>('door-session')
      .find((s) => s.kind === 'courier' && s.state === 'closed');
    expect(courier).toBeDefined();
    expect(courier!.taken_tags).toEqual([]);
    const gained = courier!.weights_after!.reduce((a, w, i) => a! + w! - courier!.weights_before![i]!, 0);
    expect(gained).toBeGreaterThan(0);
    expect(network.on<{ tags: string[] }>('inventory').some((i) => i.tags.some((t) => t.startsWith('NEW')))).toBe(true);
  });

  it('a lost connection sends no goodbye, keeps sessions while away and publishes them after the next hello', () => {
    const { clock, network, fridge } = setUp({ behaviour: { outageMs: 5 * MINUTE } });
    fridge.powerOn();
    clock.advance(MINUTE);
    fridge.inject('connection-loss');
    expect(network.closes).toEqual([{ clean: false }]);
    expect(fridge.isOnline).toBe(false);
    fridge.startSession('customer');
    const countWhileAway = network.published.length;
    clock.advance(4 * MINUTE);
    expect(network.published).toHaveLength(countWhileAway);
    expect(fridge.uplink.keptCount).toBeGreaterThan(0);

    clock.advance(2 * MINUTE);
    expect(fridge.isOnline).toBe(true);
    const hellos = network.published.filter((p) => p.channel === 'hello');
    expect(hellos).toHaveLength(2);
    const second = hellos[1]!.message as Envelope;
    // Same boot, seq carries on; the will of the new connection names this hello.
    expect(second.boot).toBe(0);
    expect(network.wills.at(-1)).toEqual({ v: 1, status: 'offline', boot: 0, seq: second.seq });
    const afterHello = network.published.slice(network.published.indexOf(hellos[1]!) + 1);
    expect(afterHello.slice(0, 2).map((p) => p.message.state)).toEqual(['opened', 'closed']);
    expect((afterHello[0]!.message as Envelope).ts).toBeGreaterThan(second.ts - 1);
    expect(network.published.some((p) => p.channel === 'status')).toBe(false);
  });

  it('retries a refused connection with growing delays', () => {
    const { clock, network, fridge } = setUp();
    network.reachable = false;
    fridge.powerOn();
    clock.advance(2 * MINUTE);
    const attempts = network.wills.length;
    // 1, 2, 4, 8, 16, 32 s (±20 %) fit in two minutes; never more than eight.
    expect(attempts).toBeGreaterThanOrEqual(5);
    expect(attempts).toBeLessThanOrEqual(8);
    network.reachable = true;
    clock.advance(2 * MINUTE);
    expect(fridge.isOnline).toBe(true);
  });

  it('a weight anomaly: the weight drops while no tag leaves', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    fridge.inject('weight-anomaly');
    clock.advance(MINUTE);
    const closed = network.on<TDeviceDoorSession>('door-session').find((s) => s.state === 'closed')!;
    expect(closed.taken_tags).toEqual([]);
    expect(closed.detections).toEqual([]);
    const before = closed.weights_before!.reduce((a, b) => a! + b!, 0)!;
    const after = closed.weights_after!.reduce((a, b) => a! + b!, 0)!;
    expect(before - after).toBeGreaterThanOrEqual(250);
  });

  it('a tilt fault shows in telemetry; an excursion drives the temperature above the limit', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    fridge.inject('tilt');
    expect(network.on<{ tilt: number }>('telemetry').at(-1)!.tilt).toBeGreaterThan(2);
    fridge.inject('excursion');
    clock.advance(90 * MINUTE);
    expect(network.on<{ temperature: number }>('telemetry').at(-1)!.temperature).toBeGreaterThan(8);
    expect(fridge.activeFaults).toEqual(['excursion', 'tilt']);
    fridge.inject('excursion', false);
    clock.advance(90 * MINUTE);
    expect(fridge.celsius).toBeLessThan(6.5);
  });

  it('powering off says goodbye with the hello’s boot and seq, then disconnects cleanly', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    clock.advance(5 * MINUTE);
    fridge.powerOff();
    expect(network.on('status')).toEqual([{ v: 1, status: 'offline', boot: 0, seq: 0 }]);
    expect(network.closes).toEqual([{ clean: true }]);
    const count = network.published.length;
    clock.advance(60 * MINUTE);
    expect(network.published).toHaveLength(count);
  });
});
