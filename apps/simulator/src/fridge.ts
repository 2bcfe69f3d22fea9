import {
  DEVICE_HEARTBEAT_INTERVAL_MS,
  DEVICE_MAX_TAGS_PER_MESSAGE,
  DEVICE_TELEMETRY_INTERVAL_MS,
  type ZPriceTagUpdate,
} from '@vitrina/contract';
import type { z } from 'zod';
import {
  type Behaviour,
  DEFAULT_BEHAVIOUR,
  FAULT_TILT_DEGREES,
  type FaultKind,
  isSensorFault,
  LEVEL_TILT_DEGREES,
  OPEN_FOR_MS,
  RANDOM_FAULT_MS,
  TICK_MS,
} from './behaviour.js';
import { Cabinet, type Item } from './cabinet.js';
import type { Clock, TimerId } from './clock.js';
import { type AckOutcome, CommandHandler, type CommandTarget } from './commands.js';
import { Connection } from './connection.js';
import { Door, type SessionKind } from './door.js';
import type { Flash } from './flash.js';
import type { FleetFridge, TagEntry } from './fleet-file.js';
import type { LinkFactory } from './link.js';
import { between, exponentialDelayMs, hashText, integerBetween, type Random, seededRandom } from './random.js';
import { SensorFaults, type StruckSession } from './sensor-faults.js';
import { initialTemperature, reading, stepTemperature, type TemperatureState } from './temperature.js';
import { Uplink } from './uplink.js';

type TPriceTagUpdate = z.infer<typeof ZPriceTagUpdate>;

export type FridgeOptions = {
  fridge: FleetFridge;
  clock: Clock;
  linkFactory: LinkFactory;
  flash: Flash;
  random?: Random;
  behaviour?: Partial<Behaviour>;
  log?: (line: string) => void;
};

/** A virtual fridge: a cabinet, a door, a thermometer, a tilt sensor and the device protocol. */
export class Fridge implements CommandTarget {
  readonly serial: string;
  readonly behaviour: Behaviour;
  readonly cabinet: Cabinet;
  readonly uplink: Uplink;
  readonly commands: CommandHandler;
  readonly door: Door;
  readonly priceTags = new Map<string, TPriceTagUpdate>();
  private readonly clock: Clock;
  private readonly random: Random;
  private readonly flash: Flash;
  private readonly connection: Connection;
  private readonly sensorFaults: SensorFaults;
  private readonly pool: TagEntry[];
  private readonly customers: readonly string[];
  /** A fridge that pays by neuro has a camera, and reports whether it is connected (`camera`). */
  private readonly hasCamera: boolean;
  private cameraConnected = true;
  private readonly initialStock: number;
  private readonly log: (line: string) => void;
  private temperature: TemperatureState;
  private tilt: number;
  private lastTickAt: number;
  /** World milliseconds lived since the fridge was made (the temperature model's calendar). */
  private worldAge = 0;
  private timers = new Map<string, TimerId>();
  private faults = { doorStuck: false, tilted: false };
  private poweredOn = false;
  private courierComing = false;

  constructor(options: FridgeOptions) {
    const { fridge, clock } = options;
    this.serial = fridge.serial;
    this.clock = clock;
    this.random = options.random ?? seededRandom(hashText(fridge.serial));
    this.flash = options.flash;
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
    this.log = options.log ?? (() => {});
    this.cabinet = new Cabinet({ shelfCount: fridge.shelves, products: fridge.products, tags: fridge.tags });
    this.initialStock = this.cabinet.itemCount();
    this.pool = [...fridge.pool];
    this.customers = fridge.customers;
    this.hasCamera = fridge.sensors.includes('camera');
    this.uplink = new Uplink(fridge.serial, clock, () => this.connection.currentLink);
    this.commands = new CommandHandler(this);
    this.door = new Door({
      clock,
      random: this.random,
      cabinet: this.cabinet,
      uplink: this.uplink,
      sensors: fridge.sensors,
      onChange: () => this.publishTelemetry(),
      onClosed: () => this.publishInventory(),
    });
    this.connection = new Connection({
      clock,
      random: this.random,
      uplink: this.uplink,
      linkFactory: options.linkFactory,
      onOnline: () => this.online(),
      onOffline: () => this.stopTimer('heartbeat', 'telemetry'),
      onCommand: (payload) => this.commands.handle(payload),
      log: (line) => this.log(`${this.serial}: ${line}`),
    });
    this.sensorFaults = new SensorFaults({
      cabinet: this.cabinet,
      random: this.random,
      log: (line) => this.log(`${this.serial}: ${line}`),
    });
    this.temperature = initialTemperature(this.behaviour.temperature, 0, this.random);
    this.tilt = between(this.random, ...LEVEL_TILT_DEGREES);
    this.lastTickAt = clock.now();
  }

  // ── Power and connection ────────────────────────────────────────────────────────────

  /** Power-on: boot + 1 (kept in flash), seq from 0, connect; the world starts turning. */
  powerOn(): void {
    if (this.poweredOn) return;
    this.poweredOn = true;
    this.commands.forgetRunning();
    this.uplink.startBoot(this.flash.nextBoot(this.serial));
    this.connection.start();
    this.lastTickAt = this.clock.now();
    this.every('tick', TICK_MS, () => this.tick());
    this.scheduleCustomer();
    this.scheduleRandomFault();
  }

  /** A clean shutdown: goodbye, DISCONNECT, every timer stopped. */
  powerOff(): void {
    if (!this.poweredOn) return;
    this.poweredOn = false;
    this.door.close();
    this.connection.stop();
    for (const name of [...this.timers.keys()]) this.stopTimer(name);
  }

  get boot(): number {
    return this.uplink.currentBoot;
  }

  get isOnline(): boolean {
    return this.uplink.isOnline;
  }

  get connects(): number {
    return this.connection.connects;
  }

  private online(): void {
    this.log(`${this.serial}: online (boot ${this.uplink.currentBoot})`);
    this.uplink.online(this.deviceInfo());
    this.publishTelemetry();
    // The camera's state after every hello: what changed while offline is told now.
    this.publishCamera();
    this.every('heartbeat', DEVICE_HEARTBEAT_INTERVAL_MS, () => this.uplink.send('heartbeat', {}));
    this.every('telemetry', DEVICE_TELEMETRY_INTERVAL_MS, () => this.publishTelemetry());
  }

  private deviceInfo(): Record<string, string> {
    const hash = hashText(this.serial);
    const bytes = [2, ...[0, 8, 16, 24, 4].map((shift) => (hash >>> shift) & 0xff)];
    return {
      ip: `10.${(hash >>> 8) & 0xff}.${(hash >>> 16) & 0xff}.${(hash & 0xfd) + 1}`,
      mac: bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':'),
      firmware: this.behaviour.firmware,
      platform: this.behaviour.platform,
    };
  }

  // ── The model ───────────────────────────────────────────────────────────────────────

  private worldMs(ms: number): number {
    return ms / this.behaviour.speed;
  }

  private tick(): void {
    const now = this.clock.now();
    const dtMs = (now - this.lastTickAt) * this.behaviour.speed;
    this.worldAge += dtMs;
    const wasDefrosting = this.temperature.defrosting;
    this.temperature = stepTemperature(
      this.temperature,
      { dtMs, now: this.worldAge, isDoorOpen: this.door.isOpen },
      this.behaviour.temperature,
      this.random,
    );
    this.lastTickAt = now;
    if (this.temperature.defrosting !== wasDefrosting) this.publishTelemetry();
  }

  telemetry(): Record<string, unknown> {
    return {
      temperature: reading(this.temperature),
      defrosting: this.temperature.defrosting,
      door: this.door.isOpen ? 'open' : 'closed',
      weights: this.cabinet.weights(),
      tilt: Math.round(this.tilt * 10) / 10,
    };
  }

  get celsius(): number {
    return reading(this.temperature);
  }

  get isDefrosting(): boolean {
    return this.temperature.defrosting;
  }

  publishTelemetry(): void {
    this.uplink.send('telemetry', this.telemetry());
  }

  /** The camera's state, if the fridge has one; not kept while offline (the next hello re-sends it). */
  publishCamera(): void {
    if (this.hasCamera) this.uplink.send('camera', { connected: this.cameraConnected });
  }

  get isCameraConnected(): boolean | null {
    return this.hasCamera ? this.cameraConnected : null;
  }

  publishInventory(): number {
    const codes = this.cabinet.tagCodes();
    for (let i = 0; i === 0 || i < codes.length; i += DEVICE_MAX_TAGS_PER_MESSAGE) {
      this.uplink.send('inventory', { tags: codes.slice(i, i + DEVICE_MAX_TAGS_PER_MESSAGE) });
    }
    return codes.length;
  }

  // ── Door sessions ───────────────────────────────────────────────────────────────────

  /**
   * Opens the door for a session of that kind; false when it is open already or stuck.
   * `shownCode`: the code the customer's app shows at the reader (else a walk-up shows one of the fleet's cards).
   */
  startSession(kind: SessionKind, commandId?: string, shownCode?: string): boolean {
    if (this.faults.doorStuck || this.door.isOpen) return false;
    const [min, max] = OPEN_FOR_MS[kind];
    // A customer who walks up shows their card; one who came by a link was identified by the server.
    const customerToken =
      kind !== 'customer' || commandId
        ? undefined
        : (shownCode ??
          (this.customers.length > 0 ? this.customers[Math.floor(this.random() * this.customers.length)] : undefined));
    // Pending sensor faults strike as the door opens, before it reads the weights.
    const struck = kind === 'customer' ? this.sensorFaults.strike() : null;
    return this.door.open({
      kind,
      ...(commandId ? { commandId } : {}),
      ...(customerToken ? { customerToken } : {}),
      openForMs: this.worldMs(between(this.random, min, max)),
      inside: () => this.inside(kind, struck),
      onClosed: () => {
        // A shelf's weight changed when the hand let go: telemetry says so, as on every change.
        if (struck?.afterClose()) this.publishTelemetry();
        this.maybeCallCourier();
      },
    });
  }

  private inside(kind: SessionKind, struck: StruckSession | null): Item[] {
    if (kind === 'courier') {
      this.restock();
      return [];
    }
    if (kind === 'service') return [];
    return struck ? struck.inside(() => this.takeAsUsual()) : this.takeAsUsual();
  }

  /** A customer takes nothing, or one to three random items. */
  private takeAsUsual(): Item[] {
    const roll = this.random();
    const count = roll < 0.1 ? 0 : roll < 0.6 ? 1 : roll < 0.9 ? 2 : 3;
    return this.cabinet.takeRandom(count, this.random);
  }

  private restock(): void {
    const count = Math.min(this.pool.length, integerBetween(this.random, 6, 15));
    const added = this.cabinet.add(this.pool.splice(0, count));
    this.courierComing = false;
    this.log(`${this.serial}: courier brought ${added.length} items (${this.pool.length} left in the pool)`);
  }

  private maybeCallCourier(): void {
    const { autoRestock, restockBelow } = this.behaviour;
    if (!autoRestock || this.courierComing || this.pool.length === 0) return;
    if (this.cabinet.itemCount() >= Math.ceil(this.initialStock * restockBelow)) return;
    this.courierComing = true;
    this.once('courier', this.worldMs(between(this.random, 20, 60) * 60_000), () => {
      if (!this.startSession('courier')) this.courierComing = false;
    });
  }

  private scheduleCustomer(): void {
    const perHour = this.behaviour.customersPerHour;
    if (perHour <= 0) return;
    this.once('customer', this.worldMs(exponentialDelayMs(this.random, perHour)), () => {
      if (!this.door.isOpen) this.startSession('customer');
      this.scheduleCustomer();
    });
  }

  // ── Faults ──────────────────────────────────────────────────────────────────────────

  /**
   * Switches a fault on or off. The one-shot kinds happen now: the connection drops, or a
   * customer comes to the door to suffer a sensor fault.
   */
  inject(kind: FaultKind, on = true): void {
    this.log(`${this.serial}: fault ${kind} ${on ? 'on' : 'off'}`);
    if (isSensorFault(kind)) {
      this.sensorFaults.set(kind, on);
      // A customer is at the door right away, unless someone is inside already: then the next one.
      if (on && !this.door.isOpen) this.startSession('customer');
      return;
    }
    switch (kind) {
      case 'excursion':
        this.temperature = { ...this.temperature, excursion: on };
        return;
      case 'door-stuck':
        this.faults.doorStuck = on;
        return;
      case 'tilt': {
        this.faults.tilted = on;
        const [min, max] = on ? FAULT_TILT_DEGREES : LEVEL_TILT_DEGREES;
        this.tilt = between(this.random, min, max);
        this.publishTelemetry();
        return;
      }
      case 'connection-loss':
        if (on) this.connection.drop(this.worldMs(this.behaviour.outageMs));
        return;
      case 'camera-loss':
        // The neuro camera's cable or service: the fridge stays online, but cannot sell by neuro.
        if (!this.hasCamera || this.cameraConnected === !on) return;
        this.cameraConnected = !on;
        this.publishCamera();
        return;
    }
  }

  get activeFaults(): string[] {
    return [
      ...(this.temperature.excursion ? ['excursion'] : []),
      ...(this.faults.doorStuck ? ['door-stuck'] : []),
      ...(this.faults.tilted ? ['tilt'] : []),
      ...(this.hasCamera && !this.cameraConnected ? ['camera-loss'] : []),
      ...this.sensorFaults.pendingKinds,
    ];
  }

  private scheduleRandomFault(): void {
    const kinds = this.behaviour.randomFaults;
    if (kinds.length === 0 || this.behaviour.faultsPerDay <= 0) return;
    this.once('fault', this.worldMs(exponentialDelayMs(this.random, this.behaviour.faultsPerDay / 24)), () => {
      const kind = kinds[Math.floor(this.random() * kinds.length)]!;
      this.inject(kind);
      if (kind === 'excursion' || kind === 'door-stuck' || kind === 'tilt' || kind === 'camera-loss') {
        this.once(`clear-${kind}`, this.worldMs(RANDOM_FAULT_MS[kind]), () => this.inject(kind, false));
      }
      this.scheduleRandomFault();
    });
  }

  // ── Commands (CommandTarget) ────────────────────────────────────────────────────────

  now(): number {
    return this.clock.now();
  }

  after(ms: number, run: () => void): void {
    this.clock.setTimer(ms, () => {
      if (this.poweredOn) run();
    });
  }

  sendAck(commandId: string, outcome: AckOutcome): void {
    this.log(
      `${this.serial}: ack ${commandId} ${outcome.status}${outcome.status === 'failed' ? ` (${outcome.error})` : ''}`,
    );
    this.uplink.send('ack', { command_id: commandId, ...outcome });
  }

  openDoor(kind: SessionKind, commandId: string): string | null {
    if (this.door.isOpen) return 'the door is already open';
    if (this.faults.doorStuck) return 'the door did not open';
    return this.startSession(kind, commandId) ? null : 'the door did not open';
  }

  neuroBackground(params: { beep_ms: number; open_wait_ms: number }, done: (error: string | null) => void): void {
    const refusal = this.door.isOpen
      ? 'the door is already open'
      : this.faults.doorStuck
        ? 'the door did not open'
        : null;
    if (refusal) {
      done(refusal);
      return;
    }
    // §9: beep, open the door, wait 20 s, close; the camera records the empty cabinet meanwhile.
    this.after(params.beep_ms, () => {
      const opened = this.door.open({
        kind: 'service',
        openForMs: params.open_wait_ms,
        inside: () => [],
        onClosed: () => done(null),
      });
      if (!opened) done('the door is already open');
    });
  }

  rescan(): number {
    return this.publishInventory();
  }

  calibrateShelf(shelf: number): number | null {
    if (shelf > this.cabinet.shelfCount) return null;
    const grams = this.cabinet.calibrate(shelf);
    this.publishTelemetry();
    return grams;
  }

  updatePriceTags(tags: TPriceTagUpdate[]): void {
    for (const tag of tags) this.priceTags.set(tag.label_code, tag);
  }

  measureTilt(): number {
    return Math.round(this.tilt * 10) / 10;
  }

  /** Acked already: close the door, say goodbye, come back after a while with boot + 1. */
  reboot(): void {
    this.log(`${this.serial}: rebooting`);
    this.powerOff();
    this.clock.setTimer(this.behaviour.rebootMs, () => this.powerOn());
  }

  // ── Timers ──────────────────────────────────────────────────────────────────────────

  private every(name: string, ms: number, run: () => void): void {
    this.once(name, ms, () => {
      this.every(name, ms, run);
      run();
    });
  }

  private once(name: string, ms: number, run: () => void): void {
    this.stopTimer(name);
    this.timers.set(
      name,
      this.clock.setTimer(ms, () => {
        this.timers.delete(name);
        run();
      }),
    );
  }

  private stopTimer(...names: string[]): void {
    for (const name of names) {
      const id = this.timers.get(name);
      if (id !== undefined) this.clock.clearTimer(id);
      this.timers.delete(name);
    }
  }
}
