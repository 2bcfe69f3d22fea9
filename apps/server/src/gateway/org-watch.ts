import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Db, Subscription } from '../db/client.js';
import { micromarkets, organizations } from '../db/schema/index.js';
import { AUTH_CHANNEL } from '../lib/session-cache.js';
import type { DeviceDirectory } from './device-directory.js';
import type { Transport } from './transport.js';

type Options = {
  database: Pick<Database, 'listen'>;
  db: Db;
  directory: DeviceDirectory;
  transport: Pick<Transport, 'connectedSerials' | 'disconnect'>;
  onError: (error: unknown) => void;
};

/**
 * A deactivated organisation stops selling at once, and a device whose access changed (its token
 * rotated, the micromarket deactivated, moved or deleted) is let in again only with what is
 * true now: the directory forgets them, so the next login is checked afresh, and their live
 * connections are closed. It hears of the changes on the session cache's channel, where
 * organisations announce `org:<id>` when `active` flips and micromarkets `device:<serial>`
 * (migrations 0005, 0016, 0048), whoever makes the change, on every instance. The embedded
 * broker closes the connections it holds; RabbitMQ closes a serial's on every node (each
 * instance asks: closing twice is harmless). Behind Mosquitto nothing can be closed: the door
 * sessions of a deactivated organisation's fridges are stored without a sale (ingest).
 */
export class OrgWatch {
  #subscription: Subscription | null = null;
  /** Checks run one after another, after the notification's callback (which must not query). */
  #work: Promise<void> = Promise.resolve();

  constructor(private readonly options: Options) {}

  async start(): Promise<void> {
    this.#subscription = await this.options.database.listen(AUTH_CHANNEL, {
      onNotification: (payload) => {
        if (payload === 'all') this.#changed(Number.NaN);
        else if (payload.startsWith('org:')) this.#changed(Number(payload.slice('org:'.length)));
        else if (payload.startsWith('device:')) this.#deviceChanged(payload.slice('device:'.length));
      },
      // What was announced while the listener was away is unknown: every connected device is checked.
      onConnection: () => this.#changed(Number.NaN),
    });
  }

  async stop(): Promise<void> {
    const subscription = this.#subscription;
    this.#subscription = null;
    await subscription?.stop();
    await this.#work;
  }

  /** Resolves when every change heard so far has been acted on (tests). */
  idle(): Promise<void> {
    return this.#work;
  }

  /** `orgId` not an id: any organisation may have changed. */
  #changed(orgId: number): void {
    this.options.directory.forgetOrg(orgId);
    this.#work = this.#work.then(() => this.#disconnectInactive(orgId)).catch(this.options.onError);
  }

  /** A device's token, activity, serial or organisation changed: whatever it is logged in with now may be stale. */
  #deviceChanged(serial: string): void {
    this.options.directory.forget(serial);
    this.#work = this.#work
      .then(async () => {
        const connected = this.options.transport.connectedSerials();
        if (connected === null || connected.includes(serial)) await this.options.transport.disconnect([serial]);
      })
      .catch(this.options.onError);
  }

  async #disconnectInactive(orgId: number): Promise<void> {
    const connected = this.options.transport.connectedSerials();
    if (connected === null) {
      // The broker does not list connections: every fridge of the organisation (of every inactive one) is closed.
      const rows = await this.options.db
        .select({ serial: micromarkets.serialNumber })
        .from(micromarkets)
        .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
        .where(
          Number.isInteger(orgId)
            ? and(eq(organizations.active, false), eq(micromarkets.orgId, orgId))
            : eq(organizations.active, false),
        );
      await this.options.transport.disconnect(rows.map((row) => row.serial));
      return;
    }
    if (connected.length === 0) return;
    const rows = await this.options.db
      .select({ serial: micromarkets.serialNumber })
      .from(micromarkets)
      .innerJoin(organizations, eq(organizations.id, micromarkets.orgId))
      .where(
        and(
          eq(organizations.active, false),
          Number.isInteger(orgId) ? eq(micromarkets.orgId, orgId) : inArray(micromarkets.serialNumber, connected),
        ),
      );
    const inactive = new Set(rows.map((row) => row.serial));
    await this.options.transport.disconnect(connected.filter((serial) => inactive.has(serial)));
  }
}
