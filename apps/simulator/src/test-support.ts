import {
  DEVICE_UPLINK_SCHEMAS,
  type DeviceUplinkChannel,
  parseDeviceTopic,
  type TDeviceCommandMessage,
  type TDeviceStatus,
} from '@vitrina/contract';
import type { Behaviour } from './behaviour.js';
import { ManualClock } from './clock.js';
import { MemoryFlash } from './flash.js';
import { type FleetFridge, ZFleetFridge } from './fleet-file.js';
import { Fridge } from './fridge.js';
import type { DeviceLink, LinkFactory, LinkHandlers } from './link.js';

/** A message as the server would read it: its channel and the payload parsed by the contract's schema. */
export type Published = { channel: DeviceUplinkChannel; qos: 0 | 1; message: Record<string, unknown> };

/** A broker stand-in: records what fridges publish, every payload checked against the contract. */
export class FakeNetwork {
  readonly published: Published[] = [];
  readonly wills: TDeviceStatus[] = [];
  readonly closes: { clean: boolean }[] = [];
  reachable = true;
  link: FakeLink | null = null;

  readonly factory: LinkFactory = (handlers) => {
    this.link = new FakeLink(handlers, this);
    return this.link;
  };

  on<T = Record<string, unknown>>(channel: DeviceUplinkChannel): T[] {
    return this.published.filter((entry) => entry.channel === channel).map((entry) => entry.message as T);
  }

  record(topic: string, payload: string, qos: 0 | 1): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) throw new Error(`published to a topic outside the protocol: ${topic}`);
    const message = DEVICE_UPLINK_SCHEMAS[parsed.channel].parse(JSON.parse(payload)) as Record<string, unknown>;
    this.published.push({ channel: parsed.channel, qos, message });
  }

  deliver(command: TDeviceCommandMessage): void {
    this.link?.deliver(JSON.stringify(command));
  }
}

class FakeLink implements DeviceLink {
  connected = false;

  constructor(
    private readonly handlers: LinkHandlers,
    private readonly network: FakeNetwork,
  ) {}

  connect(will: TDeviceStatus): void {
    this.network.wills.push(will);
    if (!this.network.reachable) {
      this.handlers.onClose('unreachable');
      return;
    }
    this.connected = true;
    this.handlers.onConnect();
  }

  close(options: { clean: boolean }): void {
    if (!this.connected) return;
    this.connected = false;
    this.network.closes.push(options);
    this.handlers.onClose();
  }

  publish(topic: string, payload: string, qos: 0 | 1): void {
    if (!this.connected) throw new Error('published while not connected');
    this.network.record(topic, payload, qos);
  }

  deliver(payload: string): void {
    if (this.connected) this.handlers.onCommand(payload);
  }
}

export const TEST_PRODUCTS = [
  { id: 11, weight_grams: 330, shelf: 1 },
  { id: 12, weight_grams: 500, shelf: 2 },
  { id: 13, weight_grams: 180, shelf: 3 },
];

export function testFridge(overrides: Partial<FleetFridge> = {}): FleetFridge {
  return ZFleetFridge.parse({
    serial: 'SIM-TEST-1',
    token: 'secret-token',
    shelves: 3,
    tags: Array.from({ length: 12 }, (_, i) => ({
      code: `TAG${String(i).padStart(3, '0')}`,
      product_id: 11 + (i % 3),
    })),
    pool: Array.from({ length: 20 }, (_, i) => ({
      code: `NEW${String(i).padStart(3, '0')}`,
      product_id: 11 + (i % 3),
    })),
    products: TEST_PRODUCTS,
    ...overrides,
  });
}

/** A fridge on a manual clock and a fake network, quiet unless a test asks for customers or faults. */
export function setUp(options: { fridge?: Partial<FleetFridge>; behaviour?: Partial<Behaviour> } = {}) {
  const clock = new ManualClock();
  const network = new FakeNetwork();
  const flash = new MemoryFlash();
  const fridge = new Fridge({
    fridge: testFridge(options.fridge),
    clock,
    linkFactory: network.factory,
    flash,
    behaviour: { customersPerHour: 0, autoRestock: false, ...options.behaviour },
  });
  return { clock, network, flash, fridge };
}

let commandCounter = 0;

/** A command as the server sends it, issued now and valid for the protocol's lifetime. */
export function command(
  clock: ManualClock,
  type: TDeviceCommandMessage['type'],
  params: Record<string, unknown> = {},
  lifetimeMs = 60_000,
): TDeviceCommandMessage {
  commandCounter += 1;
  const id = `00000000-0000-4000-8000-${String(commandCounter).padStart(12, '0')}`;
  return { v: 1, id, type, params, issued_at: clock.now(), expires_at: clock.now() + lifetimeMs };
}
