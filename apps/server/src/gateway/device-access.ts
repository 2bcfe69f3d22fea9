import {
  DEVICE_CHANNEL_QOS,
  DEVICE_COMMANDS_CHANNEL,
  DEVICE_SERIAL_PATTERN,
  DEVICE_UPLINK_CHANNELS,
  deviceTopic,
} from '@vitrina/contract';
import { hashToken } from '../lib/crypto.js';
import type { DeviceDirectory } from './device-directory.js';

/** MQTT 3.1.1 CONNACK codes: 4 bad user name or password, 5 not authorised. */
export type LoginRefusal = 4 | 5;

/**
 * Who may connect as a device, asked by the embedded broker at CONNECT and by RabbitMQ's HTTP
 * auth backend (broker-auth.routes.ts): the serial is the username and the client id (so one
 * device cannot take over another's session), the password its private token, checked against
 * the stored hash; a deactivated micromarket is refused like a bad token, and a fridge of a
 * deactivated organisation with 5, told apart only once the token is right.
 */
export async function loginRefusal(
  directory: DeviceDirectory,
  login: { username: string | undefined; clientId: string | undefined; password: string | undefined },
): Promise<LoginRefusal | null> {
  const serial = login.username ?? '';
  if (!DEVICE_SERIAL_PATTERN.test(serial) || login.clientId !== serial || !login.password) return 4;
  const device = await directory.find(serial);
  if (!device?.active || !device.tokenHash || device.tokenHash !== hashToken(login.password)) return 4;
  return device.orgActive ? null : 5;
}

/** RabbitMQ routing keys are MQTT topics with `/` as `.` (its MQTT plugin's mapping). */
export const routingKeyOf = (topic: string) => topic.replaceAll('/', '.');
export const topicOf = (routingKey: string) => routingKey.replaceAll('.', '/');

/** The queues RabbitMQ's MQTT plugin declares for a device's own subscriptions (3.x: one per QoS). */
const sessionQueuesOf = (serial: string) => [`mqtt-subscription-${serial}qos0`, `mqtt-subscription-${serial}qos1`];

/**
 * §8's ACL for a device at RabbitMQ, the same for every serial and needing no lookup (a device
 * whose access ends is refused at its next login and has its connections closed): a device
 * uses the vhost of the devices, its own session queues and `amq.topic` only; it publishes its
 * own uplink topics and reads its own commands, nothing else (no `#`, no wildcard, no other
 * serial's topic, not the servers' queues). `exchange` is where devices publish (`mqtt.exchange`).
 */
export const deviceAcl = {
  vhost(username: string, vhost: string, devicesVhost: string): boolean {
    return DEVICE_SERIAL_PATTERN.test(username) && vhost === devicesVhost;
  },
  resource(
    username: string,
    request: {
      resource?: 'exchange' | 'queue' | 'topic' | undefined;
      name: string;
      permission?: 'configure' | 'write' | 'read' | undefined;
    },
    exchange: string,
  ): boolean {
    if (!DEVICE_SERIAL_PATTERN.test(username)) return false;
    if (request.resource === 'queue') return sessionQueuesOf(username).includes(request.name);
    // Reading the exchange is what binding its own session queue to it needs; never configuring it.
    return (
      request.resource === 'exchange' &&
      request.name === exchange &&
      (request.permission === 'read' || request.permission === 'write')
    );
  },
  topic(
    username: string,
    request: { name: string; permission?: string | undefined; routing_key: string },
    exchange: string,
  ): boolean {
    if (!DEVICE_SERIAL_PATTERN.test(username) || request.name !== exchange) return false;
    if (request.permission === 'read')
      return request.routing_key === routingKeyOf(deviceTopic(username, DEVICE_COMMANDS_CHANNEL));
    if (request.permission !== 'write') return false;
    return DEVICE_UPLINK_CHANNELS.some(
      (channel) => request.routing_key === routingKeyOf(deviceTopic(username, channel)),
    );
  },
};

/** The uplink channels the broker stores durably (QoS 1) and those it may shed (QoS 0). */
export const DURABLE_UPLINK_CHANNELS = DEVICE_UPLINK_CHANNELS.filter((channel) => DEVICE_CHANNEL_QOS[channel] === 1);
export const SHEDDABLE_UPLINK_CHANNELS = DEVICE_UPLINK_CHANNELS.filter((channel) => DEVICE_CHANNEL_QOS[channel] === 0);
