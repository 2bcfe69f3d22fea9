import { randomUUID } from 'node:crypto';
import { DEVICE_UPLINK_CHANNELS } from '@vitrina/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { InboundMessage, Transport } from './transport.js';

/** Instances of the server share this group: the broker hands each message to one of them. */
export const SHARE_GROUP = 'vitrina';

type Options = { url: string; username?: string | undefined; password?: string | undefined };

/**
 * An external MQTT 5 broker (Mosquitto, EMQX): the server is one client among the devices,
 * subscribed through shared subscriptions so several instances split the traffic and no
 * message is handled twice. Device logins and ACLs are the broker's (device-protocol.md §8).
 */
export function createExternalBroker(options: Options): Transport {
  let client: MqttClient | null = null;
  return {
    port: null,
    async start(onMessage: (message: InboundMessage) => Promise<void>) {
      client = await mqtt.connectAsync(options.url, {
        protocolVersion: 5,
        clientId: `vitrina-server-${randomUUID()}`,
        clean: true,
        reconnectPeriod: 1_000,
        ...(options.username ? { username: options.username } : {}),
        ...(options.password ? { password: options.password } : {}),
      });
      client.on('message', (topic, payload) => void onMessage({ topic, payload }));
      // A clean session forgets subscriptions on reconnect: subscribe again every time.
      const subscribe = () =>
        client!.subscribeAsync(
          DEVICE_UPLINK_CHANNELS.map((channel) => `$share/${SHARE_GROUP}/vitrina/+/${channel}`),
          { qos: 1 },
        );
      const granted = await subscribe();
      if (granted.some((grant) => grant.qos > 2)) throw new Error('The MQTT broker refused the server’s subscriptions');
      client.on('connect', (connack) => {
        if (!connack.sessionPresent) void subscribe().catch(() => {});
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
      client = null;
      await closing?.endAsync();
    },
  };
}
