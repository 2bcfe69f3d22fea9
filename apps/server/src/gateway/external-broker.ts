import { randomUUID } from 'node:crypto';
import { DEVICE_UPLINK_CHANNELS } from '@vitrina/contract';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import type { InboundMessage, Transport } from './transport.js';

/**
 * How long the broker keeps an instance's session (its subscriptions and the QoS 1 messages
 * queued for it) after its connection ends: a day, long enough for any deploy or restart.
 */
export const DEFAULT_SESSION_EXPIRY_SECONDS = 86_400;

type Options = {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /**
   * This instance's client id, the same at every start (MQTT_CLIENT_ID): the broker keeps its
   * session and queues what arrives while it is down. Without one, a random id with a session
   * that ends with the connection (tests, one-off tools): nothing is kept for it.
   */
  clientId?: string | undefined;
  /** Seconds the broker keeps the session after a disconnect (MQTT_SESSION_EXPIRY_SECONDS). */
  sessionExpirySeconds?: number | undefined;
  logger?: FastifyBaseLogger | undefined;
};

/** The PUBACK mqtt.js writes for a received QoS 1 message, held until the message is stored. */
type SendPacket = (packet: Packet, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

/** The external broker's transport, with its MQTT client (null before start and after close) for tests and diagnostics. */
export type ExternalTransport = Transport & { readonly client: MqttClient | null };

/**
 * An external MQTT 5 broker (Mosquitto) in front of the one server instance: the server is one
 * client among the devices, subscribed plainly to `vitrina/+/{channel}`. Several instances need
 * RabbitMQ (BROKER=rabbitmq): no shared subscription survives a Mosquitto 2.0 restart, and a
 * device could join a shared group (docs/decisions/131-mosquitto-one-instance.md). Device logins
 * and ACLs are the broker's (device-protocol.md §8).
 *
 * Acknowledged means stored (DESIGN §10): each instance has a persistent session under a stable
 * client id, so the broker queues QoS 1 messages while it is down, and a QoS 1 message is
 * PUBACKed only once the ingest has stored (or refused) it; until then the broker still holds
 * it and sends it again after a crash. Messages are handled side by side, as many as the broker
 * has in flight to this client (Mosquitto's `max_inflight_messages`, default 20): mqtt.js
 * hands over one packet at a time and only writes the PUBACK and reads the next packet when
 * `handleMessage` calls back, so waiting there would store one message at a time. Instead
 * `handleMessage` calls back at once and the PUBACK mqtt.js then writes is held here until the
 * message is processed (see `holdAcks`).
 */
export function createExternalBroker(options: Options): ExternalTransport {
  let client: MqttClient | null = null;
  let acks: { settled(): Promise<void> } | null = null;
  const persistent = Boolean(options.clientId);
  const filters = DEVICE_UPLINK_CHANNELS.map((channel) => `vitrina/+/${channel}`);
  return {
    port: null,
    get client() {
      return client;
    },
    async start(onMessage: (message: InboundMessage) => Promise<void>) {
      const opened = mqtt.connect(options.url, {
        protocolVersion: 5,
        clientId: options.clientId ?? `vitrina-server-${randomUUID()}`,
        // MQTT 5: cleanStart false resumes the session the broker kept for this client id.
        clean: !persistent,
        properties: {
          sessionExpiryInterval: persistent ? (options.sessionExpirySeconds ?? DEFAULT_SESSION_EXPIRY_SECONDS) : 0,
        },
        reconnectPeriod: 1_000,
        // The transport subscribes at every connection itself (below). mqtt.js's own re-subscribe
        // (5.x, client.js `_resubscribe`) runs only when the broker says no session is present,
        // and while it is on, mqtt.js remembers the topics it subscribed and silently skips a
        // later SUBSCRIBE of them (`subscribe`'s `parseSub`): after a Mosquitto crash that restored
        // the session without its subscriptions, nothing would subscribe again and every device
        // message would be acknowledged and routed to nobody (external-broker.faults.test.ts).
        resubscribe: false,
        // Not started until the handler is in place: a resumed session's queue arrives right after CONNACK.
        manualConnect: true,
        ...(options.username ? { username: options.username } : {}),
        ...(options.password ? { password: options.password } : {}),
      });
      client = opened;
      acks = holdAcks(opened, onMessage);
      // Subscribed on every connection, whatever the broker says of the session: a new one (the
      // first start, one the broker expired) has none, a resumed one may have lost them (Mosquitto
      // restores a session from its last save of mosquitto.db, which may predate them), and
      // subscribing again in a resumed one that kept them replaces each with itself, its queue kept.
      const subscribe = () => opened.subscribeAsync(filters, { qos: 1 });
      const refused = (grants: { qos: number }[]) => grants.some((grant) => grant.qos > 2);
      await new Promise<void>((resolve, reject) => {
        const failed = (error: Error) => {
          opened.off('connect', connected);
          client = null;
          opened.end(true);
          reject(error);
        };
        const connected = () => {
          opened.off('error', failed);
          resolve();
        };
        opened.once('connect', connected);
        opened.once('error', failed);
        opened.connect();
      });
      // Later failures (a refused reconnection, a broken socket) are retried by mqtt.js every second.
      opened.on('error', (error) => options.logger?.warn({ err: error }, 'MQTT broker connection failed'));
      if (refused(await subscribe())) throw new Error('The MQTT broker refused the server’s subscriptions');
      opened.on('connect', () => {
        subscribe().then(
          (grants) => {
            if (refused(grants)) options.logger?.error('The MQTT broker refused the server’s subscriptions');
          },
          // The connection ended before the SUBACK: the next one subscribes again.
          (error: Error) => options.logger?.warn({ err: error }, 'MQTT subscription failed'),
        );
      });
    },
    async publish(topic, payload, qos) {
      if (!client) throw new Error('Not connected to the MQTT broker');
      await client.publishAsync(topic, payload, { qos });
    },
    // Devices log in to the broker, not to the server: it cannot see or close their connections.
    connectedSerials: () => [],
    disconnect: async () => {},
    async close() {
      const closing = client;
      // The messages being stored are acknowledged before the DISCONNECT, so a deploy does not
      // make the broker send them again (it would, harmlessly: they would be replays).
      await acks?.settled();
      client = null;
      // A clean DISCONNECT: the session stays with the broker for the next start of this id.
      await closing?.endAsync();
    },
  };
}

/**
 * Makes `client` hand every received message to `onMessage` and PUBACK a QoS 1 message only
 * once `onMessage` has resolved. mqtt.js (lib/handlers/publish.ts, 5.x) handles a QoS 1 PUBLISH
 * as `handleMessage(packet, cb)`, and `cb` writes the PUBACK with `_sendPacket({ cmd: 'puback',
 * messageId }, done)`, whose `done` lets the next received packet in. So `handleMessage` calls
 * back at once, and `_sendPacket` lets the next packet in at once but writes that PUBACK when
 * the message is stored. A PUBACK of a connection that has since closed is never written: the
 * broker sends the message again on the next one (a resumed session re-sends what was not
 * acknowledged) and the ingest drops that copy as a replay (its boot and seq were accepted),
 * acknowledging it then. If the message could not be stored, the connection is dropped so the
 * broker sends it again.
 */
export function holdAcks(
  client: MqttClient,
  onMessage: (message: InboundMessage) => Promise<void>,
): { settled(): Promise<void> } {
  /** The connection a message came on: a PUBACK belongs to it. */
  let connection = 0;
  client.on('close', () => {
    connection += 1;
  });
  const pending = new Map<number, Promise<void>>();
  /** QoS 1 messages handed over and not yet processed: their PUBACKs are still to be written. */
  const unanswered = new Set<Promise<void>>();
  const send = (client as unknown as { _sendPacket: SendPacket })._sendPacket.bind(client);
  (client as unknown as { _sendPacket: SendPacket })._sendPacket = (packet, cb, ...rest) => {
    const processed = packet.cmd === 'puback' && packet.messageId !== undefined && pending.get(packet.messageId);
    if (!processed) return send(packet, cb, ...rest);
    pending.delete(packet.messageId!);
    const on = connection;
    cb?.();
    processed.then(
      () => {
        if (on === connection && client.connected) send(packet);
      },
      () => {
        if (on === connection) client.stream?.destroy();
      },
    );
  };
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const processed = onMessage({ topic: packet.topic, payload: Buffer.from(packet.payload) });
    if (packet.qos === 1 && packet.messageId !== undefined) {
      pending.set(packet.messageId, processed);
      unanswered.add(processed);
      const answered = () => {
        unanswered.delete(processed);
      };
      processed.then(answered, answered);
    } else processed.catch(() => {});
    callback();
  };
  return {
    /** Resolves once every QoS 1 message handed over so far is processed (and its PUBACK written). */
    async settled() {
      await Promise.allSettled([...unanswered]);
    },
  };
}
