import net, { type AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import {
  DEVICE_COMMANDS_CHANNEL,
  DEVICE_MAX_PAYLOAD_BYTES,
  DEVICE_SERIAL_PATTERN,
  DEVICE_UPLINK_CHANNELS,
  deviceTopic,
  parseDeviceTopic,
} from '@vitrina/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { hashToken } from '../../lib/crypto.js';
import type { DeviceDirectory } from './device-directory.js';
import type { GatewayStats } from './gateway-stats.js';
import { MqttPacketLimit } from './packet-limit.js';
import type { InboundMessage, Transport } from './transport.js';

type Options = { port: number; host: string; directory: DeviceDirectory; stats: GatewayStats };

function authError(message: string): AuthenticateError {
  // 4: bad user name or password (MQTT 3.1.1 CONNACK).
  return Object.assign(new Error(message), { returnCode: 4 }) as AuthenticateError;
}

/**
 * Aedes inside the server (the default). Devices sign in with serial + private token, checked
 * against the stored hash; each may publish only to its own uplink topics and subscribe only
 * to its own commands. The server itself subscribes in-process, so it needs no login.
 */
export function createEmbeddedBroker(options: Options): Transport {
  const serials = new WeakMap<Client, string>();
  let aedes: Aedes | null = null;
  let server: net.Server | null = null;
  let port: number | null = null;

  const authenticate = (client: Client, username: string | undefined, password: Buffer | undefined) => {
    const serial = username ?? '';
    // The client id is the serial, so one device cannot take over another's session.
    if (!DEVICE_SERIAL_PATTERN.test(serial) || client.id !== serial || !password) return Promise.resolve(false);
    return options.directory.find(serial).then((device) => {
      if (!device?.active || !device.tokenHash) return false;
      return device.tokenHash === hashToken(password.toString('utf8'));
    });
  };

  return {
    get port() {
      return port;
    },
    async start(onMessage: (message: InboundMessage) => void) {
      aedes = await Aedes.createBroker({
        authenticate(client, username, password, done) {
          authenticate(client, username, password)
            .then((ok) => {
              if (ok) {
                serials.set(client, username!);
                done(null, true);
              } else {
                options.stats.authFailures += 1;
                done(authError('Bad serial or token'), false);
              }
            })
            .catch(() => done(Object.assign(authError('Unavailable'), { returnCode: 3 }) as AuthenticateError, false));
        },
        authorizePublish(client, packet, done) {
          if (!client) return done(null);
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
          done(null);
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
      await Promise.all(
        DEVICE_UPLINK_CHANNELS.map(
          (channel) =>
            new Promise<void>((resolve) => {
              broker.subscribe(
                `vitrina/+/${channel}`,
                (packet, callback) => {
                  onMessage({ topic: packet.topic, payload: Buffer.from(packet.payload) });
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
    async close() {
      const broker = aedes;
      aedes = null;
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
