import { NEURO_BACKGROUND_TIMING, type TDeviceAck, type TDeviceDoorSession } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { command, setUp } from './test-support.js';

type Envelope = { boot: number; seq: number };
const SECOND = 1_000;
const MINUTE = 60_000;

function started() {
  const setup = setUp();
  setup.fridge.powerOn();
  setup.clock.advance(SECOND);
  return setup;
}

describe('commands', () => {
  it('open_door opens a session of that kind with the command id and acks once, even when delivered twice', () => {
    const { clock, network, fridge } = started();
    const open = command(clock, 'open_door', { session_kind: 'customer' });
    network.deliver(open);
    network.deliver(open); // still running: ignored
    clock.advance(2 * SECOND);
    network.deliver(open); // finished: the same ack again, nothing executed
    clock.advance(2 * MINUTE);

    const sessions = network.on<TDeviceDoorSession>('door-session');
    expect(sessions.map((s) => s.state)).toEqual(['opened', 'closed']);
    expect(sessions[0]).toMatchObject({ kind: 'customer', command_id: open.id });
    const acks = network.on<TDeviceAck>('ack');
    expect(acks).toHaveLength(2);
    for (const ack of acks) expect(ack).toMatchObject({ command_id: open.id, status: 'done', result: {} });
    expect(fridge.commands.executed).toBe(1);
    // The ack follows the opening.
    const order = network.published.map((p) => p.channel);
    expect(order.indexOf('ack')).toBeGreaterThan(order.indexOf('door-session'));
  });

  it('open_door fails while the door is open, and when the door does not open', () => {
    const { clock, network, fridge } = started();
    fridge.startSession('service');
    network.deliver(command(clock, 'open_door', { session_kind: 'courier' }));
    clock.advance(SECOND);
    expect(network.on<TDeviceAck>('ack')[0]).toMatchObject({ status: 'failed', error: 'the door is already open' });

    clock.advance(2 * MINUTE);
    fridge.inject('door-stuck');
    network.deliver(command(clock, 'open_door', { session_kind: 'customer' }));
    clock.advance(2 * MINUTE);
    expect(network.on<TDeviceAck>('ack')[1]).toMatchObject({ status: 'failed', error: 'the door did not open' });
    expect(network.on<TDeviceDoorSession>('door-session').filter((s) => s.state === 'opened')).toHaveLength(1);
  });

  it('a courier open_door restocks from the pool', () => {
    const { clock, network } = started();
    network.deliver(command(clock, 'open_door', { session_kind: 'courier' }));
    clock.advance(5 * MINUTE);
    const closed = network.on<TDeviceDoorSession>('door-session').find((s) => s.state === 'closed')!;
    expect(closed.kind).toBe('courier');
    const added = network
      .on<{ tags: string[] }>('inventory')
      .at(-1)!
      .tags.filter((t) => t.startsWith('NEW'));
    expect(added.length).toBeGreaterThanOrEqual(6);
    expect(added.length).toBeLessThanOrEqual(15);
    const total = (weights: (number | null)[]) => weights.reduce<number>((sum, w) => sum + (w ?? 0), 0);
    expect(total(closed.weights_after!)).toBeGreaterThan(total(closed.weights_before!));
  });

  it('rescan publishes the inventory within 2 minutes, then acks with the tag count', () => {
    const { clock, network, fridge } = started();
    const rescan = command(clock, 'rescan', {}, 2 * MINUTE);
    network.deliver(rescan);
    clock.advance(2 * MINUTE);
    const inventoryAt = network.published.findIndex((p) => p.channel === 'inventory');
    const ackAt = network.published.findIndex((p) => p.channel === 'ack');
    expect(inventoryAt).toBeGreaterThanOrEqual(0);
    expect(ackAt).toBeGreaterThan(inventoryAt);
    expect(network.published[ackAt]!.message).toMatchObject({ status: 'done', result: { tags: 12 } });
    expect(network.published[inventoryAt]!.message.tags).toEqual(fridge.cabinet.tagCodes());
  });

  it('calibrate_shelf clears the scale error and answers the load; an unknown shelf fails', () => {
    const { clock, network, fridge } = started();
    const trueLoad = fridge.cabinet.weights()[1]!;
    fridge.cabinet.skewScale(2, -400);
    network.deliver(command(clock, 'calibrate_shelf', { shelf: 2 }));
    network.deliver(command(clock, 'calibrate_shelf', { shelf: 9 }));
    clock.advance(10 * SECOND);
    const [ok, missing] = network.on<TDeviceAck>('ack');
    expect(ok).toMatchObject({ status: 'done', result: { weight_grams: trueLoad } });
    expect(missing).toMatchObject({ status: 'failed', error: 'there is no shelf 9' });
    expect(network.on<{ weights: number[] }>('telemetry').at(-1)!.weights[1]).toBe(trueLoad);
  });

  it('update_price_tags stores the labels and acks', () => {
    const { clock, network, fridge } = started();
    const tags = [{ label_code: 'ESL-1', product_id: 11, product_name: 'Cola', price_minor: 4500, currency: 'UAH' }];
    network.deliver(command(clock, 'update_price_tags', { tags }));
    clock.advance(5 * SECOND);
    expect(network.on<TDeviceAck>('ack')[0]).toMatchObject({ status: 'done', result: {} });
    expect(fridge.priceTags.get('ESL-1')).toEqual(tags[0]);
  });

  it('neuro_background: beep, open the door, wait 20 s, close, then ack', () => {
    const { clock, network } = started();
    const neuro = command(clock, 'neuro_background', {
      beep_ms: NEURO_BACKGROUND_TIMING.beepMs,
      open_wait_ms: NEURO_BACKGROUND_TIMING.openWaitMs,
    });
    const sentAt = clock.now();
    network.deliver(neuro);
    clock.advance(MINUTE);
    const [opened, closed] = network.on<TDeviceDoorSession>('door-session');
    expect(opened).toMatchObject({ kind: 'service', opened_at: sentAt + NEURO_BACKGROUND_TIMING.beepMs });
    expect(closed!.closed_at! - closed!.opened_at).toBe(NEURO_BACKGROUND_TIMING.openWaitMs);
    expect(closed!.taken_tags).toEqual([]);
    const ack = network.on<TDeviceAck & { ts: number }>('ack')[0]!;
    expect(ack).toMatchObject({ command_id: neuro.id, status: 'done' });
    expect(ack.ts).toBeGreaterThanOrEqual(closed!.closed_at!);
  });

  it('accelerometer_check answers the tilt: correct when level, above 2° when tilted', () => {
    const { clock, network, fridge } = started();
    network.deliver(command(clock, 'accelerometer_check'));
    clock.advance(5 * SECOND);
    fridge.inject('tilt');
    network.deliver(command(clock, 'accelerometer_check'));
    clock.advance(5 * SECOND);
    const [level, tilted] = network.on<TDeviceAck>('ack');
    expect((level!.result as { tilt_degrees: number }).tilt_degrees).toBeLessThanOrEqual(2);
    expect((tilted!.result as { tilt_degrees: number }).tilt_degrees).toBeGreaterThan(2);
  });

  it('reboot acks first, says goodbye, and comes back with boot + 1 and seq 0', () => {
    const { clock, network, fridge } = started();
    clock.advance(MINUTE);
    const reboot = command(clock, 'reboot', {}, 10 * MINUTE);
    network.deliver(reboot);
    clock.advance(MINUTE);
    const ackAt = network.published.findIndex((p) => p.channel === 'ack');
    const goodbyeAt = network.published.findIndex((p) => p.channel === 'status');
    expect(network.published[ackAt]!.message).toMatchObject({ command_id: reboot.id, status: 'done', boot: 0 });
    expect(goodbyeAt).toBeGreaterThan(ackAt);
    expect(network.published[goodbyeAt]!.message).toEqual({ v: 1, status: 'offline', boot: 0, seq: 0 });
    expect(network.closes).toEqual([{ clean: true }]);
    const hellos = network.on<Envelope>('hello');
    expect(hellos.map((h) => [h.boot, h.seq])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(network.wills.at(-1)).toEqual({ v: 1, status: 'offline', boot: 1, seq: 0 });
    expect(fridge.boot).toBe(1);
    // Re-delivered after the reboot (its ack was lost, say): acked again, not rebooted again.
    network.deliver(reboot);
    clock.advance(MINUTE);
    expect(network.on('hello')).toHaveLength(2);
    expect(network.on<TDeviceAck>('ack').filter((a) => a.command_id === reboot.id)).toHaveLength(2);
  });

  it('a command the reboot cut short runs when it is re-sent after the reboot', () => {
    const { clock, network } = started();
    const rescan = command(clock, 'rescan', {}, 2 * MINUTE);
    const reboot = command(clock, 'reboot', {}, 10 * MINUTE);
    network.deliver(rescan);
    network.deliver(reboot);
    clock.advance(30 * SECOND);
    expect(network.on<TDeviceAck>('ack').map((a) => a.command_id)).toEqual([reboot.id]);
    network.deliver(rescan); // the server re-sends it on the new hello
    clock.advance(30 * SECOND);
    expect(network.on<TDeviceAck>('ack').map((a) => a.command_id)).toEqual([reboot.id, rescan.id]);
    expect(network.on<TDeviceAck & Envelope>('ack')[1]).toMatchObject({ boot: 1, status: 'done' });
  });

  it('an expired command is not started; garbage is ignored', () => {
    const { clock, network, fridge } = started();
    const stale = command(clock, 'open_door', { session_kind: 'customer' });
    clock.advance(2 * MINUTE);
    network.deliver(stale);
    fridge.commands.handle('not json');
    fridge.commands.handle(JSON.stringify({ v: 1, id: 'nope', type: 'reboot' }));
    clock.advance(MINUTE);
    expect(network.on('door-session')).toEqual([]);
    expect(network.on<TDeviceAck>('ack')).toMatchObject([{ command_id: stale.id, status: 'failed' }]);
    expect(fridge.commands.ignored).toBe(2);
  });

  it('invalid params fail the command', () => {
    const { clock, network } = started();
    network.deliver(command(clock, 'open_door', { session_kind: 'burglar' }));
    clock.advance(SECOND);
    expect(network.on<TDeviceAck>('ack')[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^invalid params/),
    });
  });
});
