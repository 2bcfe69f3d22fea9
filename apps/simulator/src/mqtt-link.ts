import { DEVICE_CHANNEL_QOS, DEVICE_KEEPALIVE_SECONDS, deviceTopic, type TDeviceStatus } from '@vitrina/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceLink, LinkFactory, LinkHandlers } from './link.js';

export type MqttLinkOptions = { url: string; serial: string; token: string };

/** The real network: MQTT 3.1.1 with the protocol's CONNECT (§6). */
export function mqttLinkFactory(options: MqttLinkOptions): LinkFactory {
  return (handlers) => new MqttLink(options, handlers);
}

/**
 * One MQTT client per connection: the will differs every time (it names that connection's
 * hello), and the back-off is the fridge's own, so mqtt.js never reconnects by itself.
 */
class MqttLink implements DeviceLink {
  private client: MqttClient | null = null;

  constructor(
    private readonly options: MqttLinkOptions,
    private readonly handlers: LinkHandlers,
  ) {}

  connect(will: TDeviceStatus): void {
    const { url, serial, token } = this.options;
    this.client?.end(true);
    const client = mqtt.connect(url, {
      clientId: serial,
      username: serial,
      password: token,
      clean: false,
      keepalive: DEVICE_KEEPALIVE_SECONDS,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      will: {
        topic: deviceTopic(serial, 'status'),
        payload: Buffer.from(JSON.stringify(will)),
        qos: DEVICE_CHANNEL_QOS.status,
        retain: false,
      },
    });
    this.client = client;
    let lastError: string | undefined;
    const lost = () => {
      // A client this link has moved on from (closed by hand or replaced) reports nothing.
      if (this.client !== client) return;
      this.client = null;
      this.handlers.onClose(lastError);
    };
    client.on('connect', () => {
      client.subscribe(deviceTopic(serial, 'commands'), { qos: DEVICE_CHANNEL_QOS.commands }, (error, granted) => {
        if (this.client !== client) return;
        const refused = error ?? (granted?.some((grant) => grant.qos === 128) ? new Error('refused') : null);
        if (refused) {
          lastError = `subscribe failed: ${refused.message}`;
          client.end(true);
          return;
        }
        this.handlers.onConnect();
      });
    });
    client.on('message', (_topic, payload) => {
      if (this.client === client) this.handlers.onCommand(payload.toString('utf8'));
    });
    client.on('error', (error) => {
      lastError = error.message;
    });
    client.on('close', lost);
  }

  close(options: { clean: boolean }): void {
    const client = this.client;
    if (!client) return;
    this.client = null;
    // Clean: pending QoS 1 messages go out, then DISCONNECT. Otherwise the socket is just destroyed.
    client.end(!options.clean);
    this.handlers.onClose();
  }

  publish(topic: string, payload: string, qos: 0 | 1): void {
    this.client?.publish(topic, payload, { qos, retain: false });
  }
}
