import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { micromarkets } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type KnownDevice = { id: number; orgId: number; serial: string; tokenHash: string | null; active: boolean };
/** What names a device in its events and live updates. */
export type DeviceRef = Pick<KnownDevice, 'id' | 'orgId' | 'serial'>;

/** How long a serial's row is trusted from memory: a rotated token or a deactivation takes effect within this. */
export const DEVICE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Serial → micromarket, cached briefly: every CONNECT and every message names a serial, and
 * a fleet reconnecting after a broker restart must not become one query per device per message.
 * Unknown serials are cached too, so a flood of made-up serials costs one query each per TTL.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, { device: KnownDevice | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async find(serial: string): Promise<KnownDevice | null> {
    const now = this.clock.nowMs();
    const cached = this.cache.get(serial);
    if (cached && cached.until > now) return cached.device;
    const [row] = await this.db
      .select({
        id: micromarkets.id,
        orgId: micromarkets.orgId,
        serial: micromarkets.serialNumber,
        tokenHash: micromarkets.tokenHash,
        active: micromarkets.active,
      })
      .from(micromarkets)
      .where(eq(micromarkets.serialNumber, serial))
      .limit(1);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(serial, { device: row ?? null, until: now + DEVICE_CACHE_TTL_MS });
    return row ?? null;
  }

  forget(serial: string): void {
    this.cache.delete(serial);
  }
}
