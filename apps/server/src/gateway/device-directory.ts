import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { micromarkets, organizations } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { GroupBatch } from '../lib/group-batch.js';

export type KnownDevice = {
  id: number;
  orgId: number;
  serial: string;
  tokenHash: string | null;
  active: boolean;
  /** A deactivated organisation's fridges stop selling: they may not connect. */
  orgActive: boolean;
};
/** What names a device in its events and live updates. */
export type DeviceRef = Pick<KnownDevice, 'id' | 'orgId' | 'serial'>;

/** How long a serial's row is trusted from memory: a rotated token or a deactivation takes effect within this. */
export const DEVICE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Serial → micromarket, cached briefly: every CONNECT and every message names a serial, and
 * a fleet reconnecting after a broker restart must not become one query per device per message.
 * Unknown serials are cached too, so a flood of made-up serials costs one query each per TTL.
 * An organisation's (de)activation is announced by the database (OrgWatch), so it does not
 * wait for the TTL.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, { device: KnownDevice | null; until: number }>();
  /** Bumped by every forget, so a load that raced one is not kept. */
  private generation = 0;
  /** The serials asked for during one round trip, looked up in one query (a reconnect storm). */
  private readonly loads: GroupBatch<string, KnownDevice | null>;

  /** `ttlMs` 0: nothing is kept (a directory no OrgWatch keeps fresh). */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs = DEVICE_CACHE_TTL_MS,
  ) {
    this.loads = new GroupBatch((serials) => this.load(serials), { maxItems: 1000, concurrency: 2 });
  }

  async find(serial: string): Promise<KnownDevice | null> {
    const now = this.clock.nowMs();
    const cached = this.cache.get(serial);
    if (cached && cached.until > now) return cached.device;
    const generation = this.generation;
    const row = await this.loads.add(serial);
    if (generation !== this.generation || this.ttlMs === 0) return row;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(serial, { device: row, until: now + this.ttlMs });
    return row;
  }

  private async load(serials: string[]): Promise<(KnownDevice | null)[]> {
    const rows = await this.db
      .select({
        id: micromarkets.id,
        orgId: micromarkets.orgId,
        serial: micromarkets.serialNumber,
        tokenHash: micromarkets.tokenHash,
        active: micromarkets.active,
        orgActive: organizations.active,
      })
      .from(micromarkets)
      .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
      .where(inArray(micromarkets.serialNumber, [...new Set(serials)]));
    const bySerial = new Map(rows.map((row) => [row.serial, row]));
    return serials.map((serial) => bySerial.get(serial) ?? null);
  }

  forget(serial: string): void {
    this.generation++;
    this.cache.delete(serial);
  }

  /** Drops one organisation's devices (anything but an id: every device). */
  forgetOrg(orgId: number): void {
    this.generation++;
    if (!Number.isInteger(orgId)) {
      this.cache.clear();
      return;
    }
    for (const [serial, entry] of this.cache) if (entry.device?.orgId === orgId) this.cache.delete(serial);
  }
}
