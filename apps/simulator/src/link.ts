import type { TDeviceStatus } from '@vitrina/contract';

/** What the network tells the fridge. */
export type LinkHandlers = {
  /** Connected and subscribed to the commands topic: time for `hello`. */
  onConnect(): void;
  /** The connection ended or could not be made. */
  onClose(reason?: string): void;
  /** A message arrived on the commands topic. */
  onCommand(payload: string): void;
};

/**
 * The fridge's side of MQTT, so the model runs against a real broker or against a test
 * double. One link reconnects many times; each `connect` carries that connection's will.
 */
export interface DeviceLink {
  connect(will: TDeviceStatus): void;
  /** clean: send pending messages and DISCONNECT; otherwise the connection just dies and the broker sends the will. */
  close(options: { clean: boolean }): void;
  publish(topic: string, payload: string, qos: 0 | 1): void;
}

export type LinkFactory = (handlers: LinkHandlers) => DeviceLink;
