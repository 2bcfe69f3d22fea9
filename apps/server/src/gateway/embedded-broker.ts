import net, { type AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import {
  DEVICE_COMMANDS_CHANNEL,
  DEVICE_MAX_PAYLOAD_BYTES,
  DEVICE_UPLINK_CHANNELS,
  deviceTopic,
  parseDeviceTopic,
} from '@vitrina/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { loginRefusal } from './device-access.js';
import type { DeviceDirectory } from './device-directory.js';
import type { GatewayStats } from './gateway-stats.js';
import { MqttPacketLimit } from './packet-limit.js';
import type { InboundMessage, Transport } from './transport.js';

type Options = { port: number; host: string; directory: DeviceDirectory; stats: GatewayStats };

/** MQTT 3.1.1 CONNACK codes: 3 server unavailable, 4 bad user name or password, 5 not authorised. */
type RefusalCode = 3 | 4 | 5;

/**
 * Aedes speaks MQTT 3.1 and 3.1.1 only (its README: MQTT 5 "not supported yet"; it answers a
 * version 5 CONNECT with the 3.1.1 code 1, in a 3.1.1 CONNACK an MQTT 5 client misreads). A
 * version 5 CONNECT is answered here, in MQTT 5's own encoding, with reason code 0x84
 * (Unsupported Protocol Version) and a reason string, and the connection is closed.
 */
export const UNSUPPORTED_PROTOCOL_VERSION = 0x84;
const UNSUPPORTED_REASON = 'MQTT 5 is not supported by the embedded broker: connect with MQTT 3.1.1';

/** An MQTT 5 CONNACK: no session, the reason code, and a Reason String property (0x1F). */
export function mqtt5Refusal(reasonCode: number, reason: string): Buffer {
  const text = Buffer.from(reason, 'utf8');
  const properties = Buffer.concat([Buffer.from([0x1f, text.length >> 8, text.length & 0xff]), text]);
  // Flags, reason code, the properties' length (one byte: the reason is short) and the properties.
  const body = Buffer.concat([Buffer.from([0x00, reasonCode, properties.length]), properties]);
  if (properties.length > 127 || body.length > 127) throw new Error('reason too long for a one-byte length');
  return Buffer.concat([Buffer.from([0x20, body.length]), body]);
}

function authError(message: string, returnCode: RefusalCode): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Aedes inside the server (the default). Devices sign in with serial + private token, checked
 * against the stored hash; each may publish only to its own uplink topics and subscribe only
 * to its own commands. The server takes a device's messages as the broker authorises them,
 * and acknowledges a QoS 1 message only once it is stored (docs/decisions/057-acknowledged-means-stored.md, "Acknowledged
 * means stored"); it needs no login of its own.
 */
export function createEmbeddedBroker(options: Options): Transport {
  const serials = new WeakMap<Client, string>();
  /** Devices connected now, by serial (the client id): what an organisation's deactivation closes. */
  const connected = new Map<string, Client>();
  let aedes: Aedes | null = null;
  let server: net.Server | null = null;
  /** From `close()` on: what devices publish then, their last wills above all, is refused. */
  let isClosing = false;
  let port: number | null = null;

  /** Null when the device may connect, else the CONNACK code that refuses it (device-access.ts). */
  const refusalOf = (client: Client, username: string | undefined, password: Buffer | undefined) =>
    loginRefusal(options.directory, { username, clientId: client.id, password: password?.toString('utf8') });

  return {
    get port() {
      return port;
    },
    async start(onMessage: (message: InboundMessage) => Promise<void>) {
      /** Payloads handed over at authorisation: Aedes routes the same Buffer to the subscription. */
      const handed = new WeakSet<Buffer>();
      aedes = await Aedes.createBroker({
        preConnect(client, packet, done) {
          if (packet.protocolVersion !== 5) return done(null, true);
          // Written before the refusal closes the socket, so the device reads why.
          client.conn.write(mqtt5Refusal(UNSUPPORTED_PROTOCOL_VERSION, UNSUPPORTED_REASON), () =>
            done(Object.assign(new Error(UNSUPPORTED_REASON), { errorCode: UNSUPPORTED_PROTOCOL_VERSION }), false),
          );
        },
        authenticate(client, username, password, done) {
          refusalOf(client, username, password)
            .then((code) => {
              if (code === null) {
                serials.set(client, username!);
                done(null, true);
              } else {
                options.stats.authFailures += 1;
                done(authError(code === 5 ? 'Organisation deactivated' : 'Bad serial or token', code), false);
              }
            })
            .catch(() => done(authError('Unavailable', 3), false));
        },
        authorizePublish(client, packet, done) {
          if (!client) return done(null);
          // The server closing ends every device's connection, and Aedes then publishes each one's
          // last will: the server's own shutdown is not the fridges going offline (they reconnect
          // to the next start), so nothing is taken in once it closes.
          if (isClosing) return done(new Error('Server shutting down'));
          const serial = serials.get(client);
          const parsed = parseDeviceTopic(packet.topic);
          if (!serial || !parsed || parsed.serial !== serial) {
            options.stats.reject('unauthorized');
            return done(new Error('Not your topic'));
          }
          if (packet.payload.length > DEVICE_MAX_PAYLOAD_BYTES) {
            options.stats.reject('oversized');
            return done(new Error('Payload too large'));
          }
          // Retained device messages would replay to every new subscriber.
          packet.retain = false;
          // A device's message is handed over here, in the order it came, and not by the
          // subscription below: Aedes writes a QoS 1 PUBACK as soon as this answers and before it
          // routes the message to any subscriber (lib/handlers/publish.js, enqueuePublish). So a
          // QoS 1 message is answered once it is stored, and one that could not be stored is
          // not acknowledged: the connection is closed and the device sends it again
          // (DESIGN §10). QoS 0 (telemetry, heartbeats) is not waited for.
          const payload = Buffer.from(packet.payload);
          // A device's payload is always the parser's Buffer.
          if (Buffer.isBuffer(packet.payload)) handed.add(packet.payload);
          const processed = onMessage({ topic: packet.topic, payload });
          if (packet.qos === 0) return done(null);
          processed.then(
            () => done(null),
            () => done(new Error('Not stored')),
          );
        },
        authorizeSubscribe(client, subscription, done) {
          const serial = serials.get(client);
          if (serial && subscription.topic === deviceTopic(serial, DEVICE_COMMANDS_CHANNEL)) {
            return done(null, subscription);
          }
          done(null, null);
        },
      });
      const broker = aedes;
      broker.on('client', (client) => {
        if (serials.has(client)) connected.set(client.id, client);
      });
      broker.on('clientDisconnect', (client) => {
        if (connected.get(client.id) === client) connected.delete(client.id);
      });
      await Promise.all(
        DEVICE_UPLINK_CHANNELS.map(
          (channel) =>
            new Promise<void>((resolve) => {
              broker.subscribe(
                `vitrina/+/${channel}`,
                (packet, callback) => {
                  // Only what did not pass authorizePublish with its device: a will the broker
                  // publishes for a client no longer connected. Nothing waits for its PUBACK.
                  if (!Buffer.isBuffer(packet.payload) || !handed.has(packet.payload)) {
                    void onMessage({ topic: packet.topic, payload: Buffer.from(packet.payload) });
                  }
                  callback();
                },
                resolve,
              );
            }),
        ),
      );
      server = net.createServer((socket) => {
        // The packet cap works on the socket's bytes, ahead of the broker's parser.
        const limit = new MqttPacketLimit();
        limit.on('error', () => {
          options.stats.reject('oversized');
          socket.destroy();
        });
        broker.handle(Duplex.from({ readable: socket.pipe(limit), writable: socket }));
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(options.port, options.host, () => resolve());
      });
      port = (server.address() as AddressInfo).port;
    },
    publish(topic, payload, qos) {
      const broker = aedes;
      if (!broker) return Promise.reject(new Error('Broker not started'));
      return new Promise((resolve, reject) => {
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
          (error?: Error) => (error ? reject(error) : resolve()),
        );
      });
    },
    connectedSerials() {
      return [...connected.keys()];
    },
    async disconnect(serialsToClose) {
      // Closed by the broker, not by a DISCONNECT: each device's last will marks it offline.
      await Promise.all(
        serialsToClose.map(
          (serial) => new Promise<void>((resolve) => connected.get(serial)?.close(() => resolve()) ?? resolve()),
        ),
      );
    },
    async close() {
      const broker = aedes;
      aedes = null;
      isClosing = true;
      if (server) {
        const closing = server;
        server = null;
        await new Promise<void>((resolve) => {
          closing.close(() => resolve());
          // Open device connections keep the listener alive; the broker's close ends them.
          broker?.close();
        });
      } else {
        await new Promise<void>((resolve) => (broker ? broker.close(() => resolve()) : resolve()));
      }
    },
  };
}
