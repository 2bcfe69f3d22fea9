import type { TDeviceCamera } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { runControl } from './control.js';
import { setUp } from './test-support.js';

const MINUTE = 60_000;
const WITH_CAMERA = { fridge: { sensors: ['rfid', 'weight', 'camera'] as ('rfid' | 'weight' | 'camera')[] } };

describe('the neuro camera of a fridge that has one', () => {
  it('reports it connected right after every hello, at QoS 1', () => {
    const { network, fridge } = setUp(WITH_CAMERA);
    fridge.powerOn();
    const helloAt = network.published.findIndex((entry) => entry.channel === 'hello');
    const cameraAt = network.published.findIndex((entry) => entry.channel === 'camera');
    expect(helloAt).toBe(0);
    expect(cameraAt).toBeGreaterThan(helloAt);
    expect(network.published[cameraAt]).toMatchObject({ qos: 1, message: { connected: true } });
    expect(fridge.isCameraConnected).toBe(true);
  });

  it('drops and comes back by the control line, telling the server each change once', () => {
    const { clock, network, fridge } = setUp(WITH_CAMERA);
    fridge.powerOn();
    expect(runControl('camera-loss SIM-TEST-1 on', [fridge])).toBe('camera-loss on at 1 fridge(s)');
    expect(fridge.activeFaults).toContain('camera-loss');
    expect(runControl('camera-loss SIM-TEST-1 on', [fridge])).toBe('camera-loss on at 1 fridge(s)');
    clock.advance(5 * MINUTE);
    expect(runControl('camera-loss SIM-TEST-1 off', [fridge])).toBe('camera-loss off at 1 fridge(s)');
    expect(network.on<TDeviceCamera>('camera').map((message) => message.connected)).toEqual([true, false, true]);
    expect(fridge.activeFaults).not.toContain('camera-loss');
  });

  it('says a camera lost while offline again after the next hello', () => {
    const { clock, network, fridge } = setUp(WITH_CAMERA);
    fridge.powerOn();
    fridge.inject('connection-loss');
    fridge.inject('camera-loss');
    expect(network.on<TDeviceCamera>('camera').map((message) => message.connected)).toEqual([true]);
    clock.advance(10 * MINUTE);
    expect(fridge.isOnline).toBe(true);
    const hellos = network.published.flatMap((entry, index) => (entry.channel === 'hello' ? [index] : []));
    const lastCamera = network.published.findLastIndex((entry) => entry.channel === 'camera');
    expect(lastCamera).toBeGreaterThan(hellos.at(-1)!);
    expect(network.published[lastCamera]!.message).toMatchObject({ connected: false });
  });

  it('is never reported by a fridge without a camera, whatever the control says', () => {
    const { network, fridge } = setUp();
    fridge.powerOn();
    fridge.inject('camera-loss');
    expect(network.on('camera')).toEqual([]);
    expect(fridge.isCameraConnected).toBeNull();
    expect(fridge.activeFaults).toEqual([]);
  });
});
