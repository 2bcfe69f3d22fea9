import {
  COMMAND_RESEND_AFTER_MS,
  DEVICE_CHANNEL_QOS,
  DEVICE_OFFLINE_AFTER_MS,
  DEVICE_PROTOCOL_VERSION,
  DEVICE_START_GRACE_MS,
  type DeviceCommandType,
  deviceTopic,
  type TDeviceCommandMessage,
  TECHNICAL_ALERT,
} from '@vitrina/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { systemActor } from '../lib/actor.js';
import type { ServiceContext } from '../lib/context.js';
import { GroupBatch } from '../lib/group-batch.js';
import { raiseIncident, tellFleetIncident } from '../modules/alerts/index.js';
import {
  type ClaimedCommand,
  type CommandGateway,
  claimForSending,
  DOOR_NOT_OPENED,
  expireCommands,
  failUnopenedDoors,
} from '../modules/device-commands/index.js';
import { type DevicePresence, markSilentOffline, recordEvent } from '../modules/micromarkets/index.js';
import type { SettleNow } from '../modules/sales/index.js';
import { DeviceDirectory } from './device-directory.js';
import { DeviceStates } from './device-state.js';
import { createEmbeddedBroker } from './embedded-broker.js';
import { createExternalBroker } from './external-broker.js';
import { GatewayStats } from './gateway-stats.js';
import { Ingest } from './ingest.js';
import { OrgWatch } from './org-watch.js';
import { createRabbitmqBroker, type RabbitmqOptions } from './rabbitmq-broker.js';
import { TelemetryBuffer } from './telemetry-buffer.js';
import type { Transport } from './transport.js';

/** The broker settings (MQTT_* in config.ts, which declares them by this type). */
export type MqttSettings = {
  port: number;
  host: string;
  url?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  /** This instance's stable client id at the external broker (a persistent session); unset: a throwaway one. */
  clientId?: string | undefined;
  sessionExpirySeconds?: number | undefined;
  /** BROKER=rabbitmq: devices at RabbitMQ's MQTT listener, this instance one of its AMQP consumers (rabbitmq-broker.ts). */
  rabbitmq?: RabbitmqSettings | undefined;
};

export type RabbitmqSettings = Pick<RabbitmqOptions, 'amqpUrl' | 'managementUrl' | 'uplinkQueues' | 'prefetch'>;

export type GatewayOptions = {
  ctx: ServiceContext;
  /** Where organisations announce their (de)activation (OrgWatch). */
  database: Pick<Database, 'listen'>;
  mqtt: MqttSettings;
  logger?: FastifyBaseLogger;
  /** Takes closed sales' money right away (the sales module's saleStepsOn: the job runner's `runSoon`). */
  settleNow?: SettleNow;
};

const jobActor = (job: string) => systemActor({ via: 'job', label: `job:${job}` });

const toMs = (value: string | Date) => new Date(value).getTime();

/**
 * The device side of the server, an inbound adapter beside the HTTP routes: the broker
 * connection, the ingest of device messages, and command delivery (at once, on hello, and by
 * a job until acknowledged or expired). It calls the modules through their index; they reach
 * it only through the ports they define (CommandGateway, DevicePresence), which app.ts fills
 * with it.
 */
export class Gateway implements CommandGateway, DevicePresence {
  readonly stats = new GatewayStats();
  readonly kind: 'embedded' | 'external' | 'rabbitmq';
  /** Serial → micromarket, cached: the embedded broker's and RabbitMQ's device logins ask it (device-access.ts). */
  readonly directory: DeviceDirectory;
  private readonly transport: Transport;
  private readonly telemetry: TelemetryBuffer;
  private readonly states: DeviceStates;
  private readonly ingest: Ingest;
  private readonly pendingOnHello = new GroupBatch((ids: number[]) => this.deliverPending(ids), {
    maxItems: 1000,
    concurrency: 2,
  });
  private readonly orgWatch: OrgWatch;
  private readonly ctx: ServiceContext;
  private readonly logger: FastifyBaseLogger | undefined;
  private started = false;
  /**
   * Since when this server has been hearing its devices: its start, or the database's return
   * after an outage (device messages could not be stored meanwhile). Silence before it is the
   * server's own gap, never a device's (DEVICE_START_GRACE_MS).
   */
  private listeningSince = 0;
  /** The database was away for the gateway's work; the next sweep that reaches it starts a new grace. */
  private isDatabaseLost = false;

  constructor(options: GatewayOptions) {
    this.ctx = options.ctx;
    this.logger = options.logger;
    const directory = new DeviceDirectory(options.ctx.db, options.ctx.clock);
    this.directory = directory;
    const { rabbitmq } = options.mqtt;
    this.kind = rabbitmq ? 'rabbitmq' : options.mqtt.url ? 'external' : 'embedded';
    this.transport = rabbitmq
      ? createRabbitmqBroker({ ...rabbitmq, logger: options.logger })
      : options.mqtt.url
        ? createExternalBroker({
            url: options.mqtt.url,
            username: options.mqtt.username,
            password: options.mqtt.password,
            clientId: options.mqtt.clientId,
            sessionExpirySeconds: options.mqtt.sessionExpirySeconds,
            logger: options.logger,
          })
        : createEmbeddedBroker({ port: options.mqtt.port, host: options.mqtt.host, directory, stats: this.stats });
    this.orgWatch = new OrgWatch({
      database: options.database,
      db: options.ctx.db,
      directory,
      transport: this.transport,
      onError: (error) =>
        options.logger?.error({ err: error }, 'devices of a deactivated organisation not disconnected'),
    });
    this.telemetry = new TelemetryBuffer(options.ctx.db, this.stats, options.logger);
    this.states = new DeviceStates({
      db: options.ctx.db,
      clock: options.ctx.clock,
      logger: options.logger,
      onReconnected: (device, at) => this.ingest.reconnected(device, at.getTime()),
      onWriteFailed: (error) => this.noteDatabaseFailure(error),
    });
    this.ingest = new Ingest({
      ctx: options.ctx,
      directory,
      stats: this.stats,
      telemetry: this.telemetry,
      states: this.states,
      onHello: (device) => this.pendingOnHello.add(device.id),
      logger: options.logger,
      settleNow: options.settleNow,
    });
  }

  /** What the devices said could not be stored or read: their silence since is the server's gap. */
  private noteDatabaseFailure(error: unknown): void {
    if (isDatabaseUnavailable(error)) this.isDatabaseLost = true;
  }

  /** The embedded broker's port (null with an external broker or before start). */
  get port(): number | null {
    return this.transport.port;
  }

  async start(): Promise<void> {
    this.listeningSince = this.ctx.clock.nowMs();
    await this.transport.start((message) =>
      this.ingest.handle(message).catch((error: unknown) => {
        this.noteDatabaseFailure(error);
        throw error;
      }),
    );
    await this.orgWatch.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.orgWatch.stop();
    await this.transport.close();
    await this.settle();
  }

  /** Everything received so far is processed and stored (tests, shutdown). */
  async settle(): Promise<void> {
    await this.orgWatch.idle();
    await this.ingest.idle();
    await Promise.all([this.states.flush(), this.telemetry.flush()]);
    // The state flush may have found devices back online: their history lines too.
    await this.ingest.flushEvents();
  }

  async deliverNow(commandId: string): Promise<void> {
    if (!this.started) return;
    const now = this.ctx.clock.now();
    const claimed = await claimForSending(this.ctx.db, { now, resendBefore: now, commandId, onlineOnly: true });
    await this.publishAll(claimed);
  }

  /**
   * On hello: everything still waiting for these devices, sent or not (the device
   * de-duplicates); the hellos of one round trip are claimed in one statement.
   */
  private async deliverPending(micromarketIds: number[]): Promise<undefined[]> {
    const now = this.ctx.clock.now();
    const claimed = await claimForSending(this.ctx.db, {
      now,
      resendBefore: now,
      micromarketIds: [...new Set(micromarketIds)],
      onlineOnly: false,
    });
    await this.publishAll(claimed);
    return micromarketIds.map(() => undefined);
  }

  /** The job: expire what outlived its lifetime, re-send what the device has not answered. */
  async maintainCommands(): Promise<void> {
    const now = this.ctx.clock.now();
    for (const expired of await expireCommands(this.ctx.db, now)) {
      await recordEvent(
        this.ctx.db,
        jobActor('devices.commands'),
        expired.micromarket_id,
        'command_expired',
        { command_id: expired.id, type: expired.type },
        now,
      );
      this.ctx.live.publish({
        topic: 'micromarket.command',
        org_id: expired.org_id,
        id: expired.id,
        data: { micromarket_id: expired.micromarket_id, type: expired.type, status: 'expired' },
      });
    }
    for (const unopened of await failUnopenedDoors(this.ctx.db, now)) {
      const details = { command_id: unopened.id, type: unopened.type, error: DOOR_NOT_OPENED };
      await recordEvent(
        this.ctx.db,
        jobActor('devices.commands'),
        unopened.micromarket_id,
        'command_failed',
        details,
        now,
      );
      // §4 technical analytics type 2: unlocked, but no door opened within the organisation's timeout.
      await raiseIncident(this.ctx, jobActor('devices.commands'), {
        orgId: unopened.org_id,
        micromarketId: unopened.micromarket_id,
        type: TECHNICAL_ALERT.doorDidNotOpen,
        at: now,
        details: { command_id: unopened.id, error: DOOR_NOT_OPENED },
      });
      this.ctx.live.publish({
        topic: 'micromarket.command',
        org_id: unopened.org_id,
        id: unopened.id,
        data: { micromarket_id: unopened.micromarket_id, type: unopened.type, status: 'failed' },
      });
    }
    if (!this.started) return;
    const claimed = await claimForSending(this.ctx.db, {
      now,
      resendBefore: new Date(now.getTime() - COMMAND_RESEND_AFTER_MS),
      onlineOnly: true,
    });
    await this.publishAll(claimed);
  }

  /**
   * The job: devices silent past DEVICE_OFFLINE_AFTER_MS are marked offline, once the server has
   * been listening for DEVICE_START_GRACE_MS (after its start or its database's return): until
   * then a device not heard yet may simply not have reconnected.
   */
  async sweepSilent(): Promise<void> {
    const now = this.ctx.clock.now();
    if (this.isDatabaseLost) {
      this.isDatabaseLost = false;
      this.listeningSince = now.getTime();
    }
    if (now.getTime() - this.listeningSince < DEVICE_START_GRACE_MS) return;
    let silent: Awaited<ReturnType<typeof markSilentOffline>>;
    try {
      silent = await markSilentOffline(this.ctx.db, new Date(now.getTime() - DEVICE_OFFLINE_AFTER_MS));
    } catch (error) {
      this.noteDatabaseFailure(error);
      throw error;
    }
    for (const device of silent) {
      await recordEvent(
        this.ctx.db,
        jobActor('devices.presence'),
        device.id,
        'disconnected',
        { reason: 'silent' },
        now,
      );
      this.ctx.live.publish({
        topic: 'micromarket.state',
        org_id: device.orgId,
        id: device.id,
        data: { connection: 'offline' },
      });
      await tellFleetIncident(this.ctx, {
        orgId: device.orgId,
        micromarketId: device.id,
        kind: 'offline',
        details: {
          reason: 'silent',
          last_activity_at: device.lastActivityAt ? new Date(device.lastActivityAt).toISOString() : null,
        },
        at: now,
        key: `offline:${device.id}:silent:${now.getTime()}`,
      }).catch(() => 0);
    }
  }

  private async publishAll(commands: ClaimedCommand[]): Promise<void> {
    for (const command of commands) {
      const message: TDeviceCommandMessage = {
        v: DEVICE_PROTOCOL_VERSION,
        id: command.id,
        type: command.type as DeviceCommandType,
        params: command.payload,
        issued_at: toMs(command.created_at),
        expires_at: toMs(command.expires_at),
      };
      try {
        await this.transport.publish(
          deviceTopic(command.serial, 'commands'),
          JSON.stringify(message),
          DEVICE_CHANNEL_QOS.commands,
        );
      } catch (error) {
        // Marked sent already: the job re-sends it after COMMAND_RESEND_AFTER_MS.
        this.logger?.warn({ err: error, command: command.id }, 'command publish failed');
      }
    }
  }
}
