import type { TDetection, TDeviceDoorSession } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { runControl } from './control.js';
import type { Sensor } from './fleet-file.js';
import { type FakeNetwork, setUp, TEST_PRODUCTS, testFridge } from './test-support.js';

const MINUTE = 60_000;
const PRODUCTS = new Map(TEST_PRODUCTS.map((product) => [product.id, product]));
const PRODUCT_OF_TAG = new Map(testFridge().tags.map((tag) => [tag.code, tag.product_id!]));

function closedSessions(network: FakeNetwork): TDeviceDoorSession[] {
  return network.on<TDeviceDoorSession>('door-session').filter((session) => session.state === 'closed');
}

/** weights_before − weights_after, per shelf. */
function drop(session: TDeviceDoorSession): number[] {
  return session.weights_before!.map((grams, index) => grams! - session.weights_after![index]!);
}

/** What the scales must lose, per shelf, for these tags to have left. */
function gramsOfTags(tags: string[], shelfCount = 3): number[] {
  const lost = Array.from({ length: shelfCount }, () => 0);
  for (const tag of tags) {
    const product = PRODUCTS.get(PRODUCT_OF_TAG.get(tag)!)!;
    lost[product.shelf - 1]! += product.weight_grams;
  }
  return lost;
}

/** The detections truthful scales report for these tags, in a stable order. */
function detectionsOfTags(tags: string[], source: TDetection['source']): TDetection[] {
  const counts = new Map<number, number>();
  for (const tag of tags) counts.set(PRODUCT_OF_TAG.get(tag)!, (counts.get(PRODUCT_OF_TAG.get(tag)!) ?? 0) + 1);
  return [...counts].map(([id, quantity]) => ({ product_id: id, quantity, source, shelf: PRODUCTS.get(id)!.shelf }));
}

function sorted(detections: TDetection[]): TDetection[] {
  return [...detections].sort((a, b) => a.product_id - b.product_id || (a.shelf ?? 0) - (b.shelf ?? 0));
}

describe('sensors on a normal session', () => {
  it('with rfid and weight, every taken item is in taken_tags, in detections and in the weight drop', () => {
    const { clock, network, fridge } = setUp({ fridge: { sensors: ['rfid', 'weight'] } });
    fridge.powerOn();
    for (let i = 0; i < 6; i++) {
      fridge.startSession('customer');
      clock.advance(MINUTE);
    }
    const closed = closedSessions(network);
    expect(closed).toHaveLength(6);
    expect(closed.some((session) => session.taken_tags.length > 1)).toBe(true);
    for (const session of closed) {
      expect(sorted(session.detections)).toEqual(sorted(detectionsOfTags(session.taken_tags, 'weight')));
      expect(drop(session)).toEqual(gramsOfTags(session.taken_tags));
    }
  });
});

describe('sensor faults strike the next customer session', () => {
  it.each<[Sensor[], TDetection['source']]>([
    [['rfid', 'weight'], 'weight'],
    [['rfid', 'weight', 'camera'], 'camera'],
  ])('untagged-item (%j): the scales see a product taken whose tag the reader never lists', (sensors, source) => {
    const { clock, network, fridge } = setUp({ fridge: { sensors } });
    fridge.powerOn();
    const tagsBefore = fridge.cabinet.tagCodes();
    const weightsBefore = fridge.cabinet.weights();
    fridge.inject('untagged-item');
    clock.advance(MINUTE);
    const [session] = closedSessions(network);
    expect(session!.taken_tags).toEqual([]);
    expect(session!.detections).toHaveLength(1);
    const detection = session!.detections[0]!;
    const product = PRODUCTS.get(detection.product_id)!;
    expect(detection).toEqual({ product_id: product.id, quantity: 1, source, shelf: product.shelf });
    const expectedDrop = [0, 0, 0];
    expectedDrop[product.shelf - 1] = product.weight_grams;
    expect(drop(session!)).toEqual(expectedDrop);
    // The item stood in the cabinet as the door opened and is gone after: the shelves are as before.
    expect(session!.weights_after).toEqual(weightsBefore);
    expect(network.on<{ tags: string[] }>('inventory').at(-1)!.tags.sort()).toEqual(tagsBefore.sort());
  });

  it('tag-left: the item leaves, its tag stays inside and is read, weighing nothing, from then on', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    const tagsBefore = fridge.cabinet.tagCodes().sort();
    fridge.inject('tag-left');
    clock.advance(MINUTE);
    const [session] = closedSessions(network);
    expect(session!.taken_tags).toEqual([]);
    expect(session!.detections).toHaveLength(1);
    const detection = session!.detections[0]!;
    const product = PRODUCTS.get(detection.product_id)!;
    expect(detection).toMatchObject({ quantity: 1, source: 'weight', shelf: product.shelf });
    expect(drop(session!).reduce((a, b) => a + b, 0)).toBe(product.weight_grams);
    expect(drop(session!)[product.shelf - 1]).toBe(product.weight_grams);
    expect(network.on<{ tags: string[] }>('inventory').at(-1)!.tags.sort()).toEqual(tagsBefore);
    expect(fridge.cabinet.itemCount()).toBe(tagsBefore.length - 1);

    // Customers empty the cabinet: the peeled tag is never taken and the empty shelves weigh 0.
    for (let i = 0; i < 40 && fridge.cabinet.itemCount() > 0; i++) {
      fridge.startSession('customer');
      clock.advance(MINUTE);
    }
    expect(fridge.cabinet.itemCount()).toBe(0);
    const [peeled, ...others] = network.on<{ tags: string[] }>('inventory').at(-1)!.tags;
    expect(others).toEqual([]);
    expect(PRODUCT_OF_TAG.get(peeled!)).toBe(product.id);
    expect(closedSessions(network).some((s) => s.taken_tags.includes(peeled!))).toBe(false);
    expect(network.on<{ weights: number[] }>('telemetry').at(-1)!.weights).toEqual([0, 0, 0]);
  });

  it('heavy-hand: one shelf reads 300–900 g heavy as the door closes, tags and detections are true', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    for (let i = 0; i < 5; i++) {
      fridge.inject('heavy-hand');
      clock.advance(MINUTE);
      const session = closedSessions(network).at(-1)!;
      expect(sorted(session.detections)).toEqual(sorted(detectionsOfTags(session.taken_tags, 'weight')));
      const lost = gramsOfTags(session.taken_tags);
      const truth = session.weights_before!.map((grams, shelf) => grams! - lost[shelf]!);
      const excess = session.weights_after!.map((grams, shelf) => grams! - truth[shelf]!);
      const pressed = excess.filter((grams) => grams !== 0);
      expect(pressed).toHaveLength(1);
      expect(pressed[0]).toBeGreaterThanOrEqual(300);
      expect(pressed[0]).toBeLessThanOrEqual(900);
      // The telemetry of that moment reads the same; once the hand lets go, the truth.
      const closedAt = network.published.findIndex((p) => p.message.id === session.id && p.message.state === 'closed');
      const after = network.published.slice(closedAt + 1, closedAt + 4);
      expect(after.map((p) => p.channel)).toEqual(['telemetry', 'inventory', 'telemetry']);
      expect(after[0]!.message.weights).toEqual(session.weights_after);
      expect(after[2]!.message.weights).toEqual(truth);
      expect(fridge.cabinet.weights()).toEqual(truth);
    }
    expect(closedSessions(network).some((session) => session.taken_tags.length > 0)).toBe(true);
  });

  it('injected while a customer is inside, a fault waits (activeFaults shows it) for the next customer', () => {
    const { clock, network, fridge } = setUp();
    fridge.powerOn();
    fridge.startSession('customer');
    expect(runControl('untagged-item SIM-TEST-1 on', [fridge])).toBe('untagged-item on at 1 fridge(s)');
    expect(fridge.activeFaults).toEqual(['untagged-item']);
    clock.advance(MINUTE);
    const [first] = closedSessions(network);
    expect(first!.detections.reduce((sum, d) => sum + d.quantity, 0)).toBe(first!.taken_tags.length);
    expect(fridge.activeFaults).toEqual(['untagged-item']);

    expect(fridge.startSession('customer')).toBe(true);
    expect(fridge.activeFaults).toEqual([]);
    clock.advance(MINUTE);
    const second = closedSessions(network)[1]!;
    expect(second.taken_tags).toEqual([]);
    expect(second.detections).toHaveLength(1);

    // Switched off before it struck, it never does.
    fridge.startSession('customer');
    fridge.inject('tag-left');
    fridge.inject('tag-left', false);
    expect(fridge.activeFaults).toEqual([]);
  });

  it('strike at random when chosen, replaying the same readings from the same seed', () => {
    const lives = [0, 1].map(() => {
      const { clock, network, fridge } = setUp({
        behaviour: { randomFaults: ['untagged-item', 'tag-left', 'heavy-hand'], faultsPerDay: 48 },
      });
      fridge.powerOn();
      clock.advance(6 * 60 * MINUTE);
      return closedSessions(network);
    });
    expect(lives[0]!.length).toBeGreaterThan(3);
    expect(lives[0]!.some((session) => session.detections.length > 0 && session.taken_tags.length === 0)).toBe(true);
    expect(lives[1]).toEqual(lives[0]);
  });
});
