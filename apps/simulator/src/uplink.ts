import {
  DEVICE_CHANNEL_QOS,
  DEVICE_PROTOCOL_VERSION,
  type DeviceUplinkChannel,
  deviceTopic,
  type TDeviceStatus,
} from '@vitrina/contract';
import type { Clock } from './clock.js';
import type { DeviceLink } from './link.js';

type EnvelopedChannel = Exclude<DeviceUplinkChannel, 'status'>;
type Pending = { channel: EnvelopedChannel; body: Record<string, unknown> };

/** Messages that cost money or a command if lost: kept "in flash" while offline (protocol §6). */
const KEPT_OFFLINE: ReadonlySet<EnvelopedChannel> = new Set(['door-session', 'ack', 'inventory']);
const MAX_KEPT = 1_000;

/**
 * Puts every message in the envelope: version, the device clock, boot and a sequence number
 * shared by all topics. Offline, door sessions, acks and inventories wait and are published
 * after the next `hello` with a fresh `ts` and `seq`; samples are dropped.
 */
export class Uplink {
  private boot = 0;
  private seq = 0;
  private helloSeq = 0;
  private connected = false;
  private readonly kept: Pending[] = [];

  constructor(
    private readonly serial: string,
    private readonly clock: Clock,
    private readonly link: () => DeviceLink | null,
  ) {}

  /** Power-on: a new boot counts its messages from zero. */
  startBoot(boot: number): void {
    this.boot = boot;
    this.seq = 0;
  }

  get currentBoot(): number {
    return this.boot;
  }

  get nextSeq(): number {
    return this.seq;
  }

  get keptCount(): number {
    return this.kept.length;
  }

  /** The will of the next connection names the (boot, seq) its `hello` will carry. */
  will(): TDeviceStatus {
    return { v: DEVICE_PROTOCOL_VERSION, status: 'offline', boot: this.boot, seq: this.seq };
  }

  /** Connected: `hello` first, then whatever waited. */
  online(hello: Record<string, unknown>): void {
    this.connected = true;
    this.helloSeq = this.seq;
    this.publishNow('hello', hello);
    for (const pending of this.kept.splice(0)) this.publishNow(pending.channel, pending.body);
  }

  offline(): void {
    this.connected = false;
  }

  get isOnline(): boolean {
    return this.connected;
  }

  send(channel: EnvelopedChannel, body: Record<string, unknown>): void {
    if (this.connected) {
      this.publishNow(channel, body);
      return;
    }
    if (!KEPT_OFFLINE.has(channel)) return;
    if (this.kept.length >= MAX_KEPT) this.kept.shift();
    this.kept.push({ channel, body });
  }

  /** The goodbye before a clean disconnect: the same (boot, seq) as this connection's will. */
  sendGoodbye(): void {
    if (!this.connected) return;
    const status: TDeviceStatus = {
      v: DEVICE_PROTOCOL_VERSION,
      status: 'offline',
      boot: this.boot,
      seq: this.helloSeq,
    };
    this.link()?.publish(deviceTopic(this.serial, 'status'), JSON.stringify(status), DEVICE_CHANNEL_QOS.status);
  }

  private publishNow(channel: EnvelopedChannel, body: Record<string, unknown>): void {
    const message = { v: DEVICE_PROTOCOL_VERSION, ts: this.clock.now(), boot: this.boot, seq: this.seq++, ...body };
    this.link()?.publish(deviceTopic(this.serial, channel), JSON.stringify(message), DEVICE_CHANNEL_QOS[channel]);
  }
}
