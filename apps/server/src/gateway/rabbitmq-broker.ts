import os from 'node:os';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import { routingKeyOf, topicOf } from './device-access.js';
import type { InboundMessage, Transport } from './transport.js';

/** The recipe's names (docs/rabbitmq/definitions.json): where devices publish, and the servers' queues. */
export const RABBITMQ_EXCHANGE = 'amq.topic';
export const UPLINK_QUEUE_PREFIX = 'vitrina.uplink.';
export const TELEMETRY_QUEUE = 'vitrina.telemetry';
/**
 * The recipe's shards of the QoS 1 uplink: one, so one active consumer takes a device's messages
 * in the order it sent them (more shards spread that work over instances but let a device's
 * topics overtake each other: docs/decisions/132-rabbitmq-for-several-instances.md).
 */
export const DEFAULT_UPLINK_QUEUES = 1;
/**
 * QoS 1 messages each shard hands this instance before it acknowledges any: how many it stores
 * side by side per shard (the ingest keeps each device's in order), and what a crash makes the
 * broker deliver again to another instance.
 */
export const DEFAULT_UPLINK_PREFETCH = 100;
/** Telemetry and heartbeats in flight to this instance: past it the broker keeps them (and sheds the oldest). */
export const TELEMETRY_PREFETCH = 500;
/** A message that could not be stored (the database away) goes back to its queue after this long. */
export const REQUEUE_AFTER_MS = 1_000;

export type RabbitmqOptions = {
  /** amqp(s)://user:password@host:port/vhost: the servers' user of the recipe. */
  amqpUrl: string;
  /** http(s)://user:password@host:15672: the management API, where revoked devices' connections are closed. */
  managementUrl?: string | undefined;
  uplinkQueues?: number | undefined;
  prefetch?: number | undefined;
  logger?: FastifyBaseLogger | undefined;
};

/** The RabbitMQ transport, with whether it is connected now (tests, diagnostics). */
export type RabbitmqTransport = Transport & { readonly connected: boolean };

/**
 * Several server instances behind RabbitMQ (BROKER=rabbitmq; DESIGN §11, docs/device-protocol.md
 * §8). Devices speak MQTT to RabbitMQ's MQTT plugin, which publishes into `amq.topic`; the
 * recipe routes their QoS 1 uplink through a consistent-hash exchange into durable quorum
 * queues, one device's messages always into the same one, each queue with a single active
 * consumer, and their telemetry and heartbeats into a queue of their own that may shed. Every
 * instance consumes every queue: RabbitMQ hands each queue to one of them and, when that one's
 * connection ends (a crash, a deploy), at once to another, with what it had not acknowledged.
 *
 * Acknowledged means stored (DESIGN §10): a device's PUBACK comes from RabbitMQ once the quorum
 * queue has the message; this instance acknowledges it to RabbitMQ only once the ingest has
 * stored (or refused) it. One that could not be stored goes back to its queue after a second
 * (telemetry and heartbeats are dropped instead: the next sample replaces them).
 * A message delivered again after a crash is a replay the ingest recognises (its boot and seq,
 * or the session's or command's id).
 *
 * Commands go out through `amq.topic` to the device's commands topic, persistent and QoS 1,
 * confirmed by the broker; RabbitMQ routes them to the device's session queue on whichever node
 * it is connected to. Device logins are asked of Vitrina (broker-auth.routes.ts), and revoked
 * devices' connections are closed through the management API.
 */
export function createRabbitmqBroker(options: RabbitmqOptions): RabbitmqTransport {
  const shards = options.uplinkQueues ?? DEFAULT_UPLINK_QUEUES;
  const prefetch = options.prefetch ?? DEFAULT_UPLINK_PREFETCH;
  const management = options.managementUrl ? new URL(options.managementUrl) : null;
  let connection: Awaited<ReturnType<typeof connectRecovering>> | null = null;
  let publisher: ConfirmChannel | null = null;
  let connected = false;
  let closing = false;
  /** Messages handed to the ingest and not yet answered (shutdown waits for them). */
  const unanswered = new Set<Promise<void>>();

  const consume = async (
    channel: Channel,
    queue: string,
    onMessage: (message: InboundMessage) => Promise<void>,
  ): Promise<void> => {
    let open = true;
    channel.once('close', () => {
      open = false;
    });
    await channel.consume(
      queue,
      (message: ConsumeMessage | null) => {
        // Null: the queue was deleted or the consumer cancelled by the broker; the next connection consumes again.
        if (!message) return;
        const processed = onMessage({ topic: topicOf(message.fields.routingKey), payload: message.content });
        unanswered.add(processed);
        processed.then(
          () => {
            unanswered.delete(processed);
            // On a channel that has since closed the broker has already put it back: it comes again, a replay.
            if (open) channel.ack(message);
          },
          () => {
            unanswered.delete(processed);
            // A sample of telemetry is replaced by the next one: dropped, never retried.
            if (queue === TELEMETRY_QUEUE) {
              if (open) channel.ack(message);
              return;
            }
            setTimeout(() => {
              if (open) channel.nack(message, false, true);
            }, REQUEUE_AFTER_MS).unref();
          },
        );
      },
      { noAck: false },
    );
  };

  return {
    port: null,
    get connected() {
      return connected;
    },
    async start(onMessage) {
      closing = false;
      let firstSetup: { resolve: () => void; reject: (error: Error) => void } | null = null;
      const setUp = new Promise<void>((resolve, reject) => {
        firstSetup = { resolve, reject };
      });
      // Awaited below, after the connection: a failure before then is not left unhandled.
      setUp.catch(() => {});
      const setup = async (model: ChannelModel) => {
        try {
          // Each queue has its own channel, so its prefetch is its own and a slow shard does not hold up another.
          // A connection's or channel's error event with no listener would throw in amqplib.
          model.on('error', (error: Error) => options.logger?.warn({ err: error }, 'RabbitMQ connection failed'));
          const check = await model.createChannel();
          // A missing queue closes this channel (404): that is the answer, not a crash.
          check.on('error', () => {});
          const queues = [...Array.from({ length: shards }, (_, i) => `${UPLINK_QUEUE_PREFIX}${i}`), TELEMETRY_QUEUE];
          for (const queue of queues) {
            await check.checkQueue(queue).catch(() => {
              throw new Error(
                `RabbitMQ has no queue ${queue} in this vhost: load docs/rabbitmq/definitions.json (DESIGN §11)`,
              );
            });
          }
          await check.close().catch(() => {});
          for (const queue of queues) {
            const channel = await model.createChannel();
            channel.on('error', (error: Error) =>
              options.logger?.warn({ err: error, queue }, 'RabbitMQ channel failed'),
            );
            await channel.prefetch(queue === TELEMETRY_QUEUE ? TELEMETRY_PREFETCH : prefetch);
            await consume(channel, queue, onMessage);
          }
          const confirms = await model.createConfirmChannel();
          confirms.on('error', (error: Error) => options.logger?.warn({ err: error }, 'RabbitMQ channel failed'));
          publisher = confirms;
          connected = true;
          firstSetup?.resolve();
          firstSetup = null;
        } catch (error) {
          // Never thrown into amqplib's recovery: the first failure fails the start; a later
          // one closes this connection, and the recovery connects and sets up again.
          if (firstSetup) firstSetup.reject(error as Error);
          else options.logger?.error({ err: error }, 'RabbitMQ consumers not set up; reconnecting');
          await model.close().catch(() => {});
        }
      };
      const opened = await connectRecovering(options.amqpUrl, setup);
      connection = opened;
      opened.on('disconnect', (error: Error) => {
        connected = false;
        publisher = null;
        if (!closing) options.logger?.warn({ err: error }, 'RabbitMQ connection lost; reconnecting');
      });
      opened.on('error', (error: Error) => options.logger?.warn({ err: error }, 'RabbitMQ connection failed'));
      try {
        await opened.waitForConnect();
        await setUp;
      } catch (error) {
        closing = true;
        connection = null;
        await opened.close().catch(() => {});
        throw error;
      }
    },
    async publish(topic, payload, qos) {
      const channel = publisher;
      if (!channel) throw new Error('Not connected to RabbitMQ');
      await new Promise<void>((resolve, reject) => {
        channel.publish(
          RABBITMQ_EXCHANGE,
          routingKeyOf(topic),
          Buffer.from(payload),
          // The MQTT plugin delivers at the lower of this and the device's subscription QoS.
          { persistent: qos === 1, headers: { 'x-mqtt-publish-qos': qos }, contentType: 'application/json' },
          (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
        );
      });
    },
    // RabbitMQ does not tell which serials are connected to which node; disconnect closes any serial's.
    connectedSerials: () => null,
    async disconnect(serials) {
      if (!management) {
        if (serials.length > 0) {
          options.logger?.warn(
            { serials: serials.length },
            'RABBITMQ_MANAGEMENT_URL unset: revoked devices stay connected',
          );
        }
        return;
      }
      const authorization = `Basic ${Buffer.from(`${decodeURIComponent(management.username)}:${decodeURIComponent(management.password)}`).toString('base64')}`;
      const base = `${management.protocol}//${management.host}${management.pathname.replace(/\/$/, '')}`;
      // A few at a time: an organisation's deactivation may close hundreds.
      const queue = [...serials];
      const worker = async () => {
        for (let serial = queue.shift(); serial !== undefined; serial = queue.shift()) {
          // Every connection logged in as the serial, on every node (connection tracking, not the statistics).
          const response = await fetch(`${base}/api/connections/username/${encodeURIComponent(serial)}`, {
            method: 'DELETE',
            headers: { authorization, 'x-reason': 'Vitrina: access revoked' },
            signal: AbortSignal.timeout(10_000),
          }).catch((error: unknown) => error as Error);
          if (response instanceof Error || (!response.ok && response.status !== 404)) {
            options.logger?.error(
              { serial, status: response instanceof Error ? response.message : response.status },
              'RabbitMQ did not close a revoked device’s connections',
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
    },
    async close() {
      closing = true;
      // What is being stored is acknowledged before the connection ends, so a deploy does not
      // make RabbitMQ deliver it again (it would, harmlessly: replays).
      await Promise.allSettled([...unanswered]);
      const closingConnection = connection;
      connection = null;
      publisher = null;
      connected = false;
      await closingConnection?.close().catch(() => {});
    },
  };
}

/** amqplib's recovering connection: reconnects with backoff (at most 2 s apart) and runs `setup` on each. */
function connectRecovering(url: string, setup: (model: ChannelModel) => Promise<void>) {
  return amqp.connect(url, {
    clientProperties: { connection_name: `vitrina-server ${os.hostname()} ${process.pid}` },
    recovery: {
      initialDelay: 200,
      maxDelay: 2_000,
      maxRetries: Number.POSITIVE_INFINITY,
      initialMaxRetries: 5,
      waitForConnect: false,
      setup,
    },
  });
}
