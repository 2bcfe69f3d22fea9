import { DEVICE_TOPIC_ROOT } from './constants.js';

/** Device → server channels, each a topic level under `vitrina/{serial}/`. */
export const DEVICE_UPLINK_CHANNELS = [
  'hello',
  'heartbeat',
  'status',
  'telemetry',
  'inventory',
  'door-session',
  'ack',
  'camera',
] as const;
export type DeviceUplinkChannel = (typeof DEVICE_UPLINK_CHANNELS)[number];

/** Server → device: the only topic a device subscribes to. */
export const DEVICE_COMMANDS_CHANNEL = 'commands';

/** MQTT QoS per channel: 1 where a loss costs money or a command, 0 for periodic samples. */
export const DEVICE_CHANNEL_QOS: Record<DeviceUplinkChannel | typeof DEVICE_COMMANDS_CHANNEL, 0 | 1> = {
  hello: 1,
  heartbeat: 0,
  status: 1,
  telemetry: 0,
  inventory: 1,
  'door-session': 1,
  ack: 1,
  camera: 1,
  commands: 1,
};

export function deviceTopic(serial: string, channel: DeviceUplinkChannel | typeof DEVICE_COMMANDS_CHANNEL): string {
  return `${DEVICE_TOPIC_ROOT}/${serial}/${channel}`;
}

/** `vitrina/{serial}/{channel}` → its parts; null for anything else (wrong root, depth or channel). */
export function parseDeviceTopic(topic: string): { serial: string; channel: DeviceUplinkChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== DEVICE_TOPIC_ROOT) return null;
  const [, serial = '', channel = ''] = parts;
  if (serial === '' || !(DEVICE_UPLINK_CHANNELS as readonly string[]).includes(channel)) return null;
  return { serial, channel: channel as DeviceUplinkChannel };
}
