/** A device message as the broker hands it over. */
export type InboundMessage = { topic: string; payload: Buffer };

/**
 * The server's side of the broker, embedded, MQTT (Mosquitto) or RabbitMQ: it receives the devices' uplink
 * topics and publishes commands. Nothing above it knows which broker runs.
 */
export type Transport = {
  /**
   * `onMessage` answers once the message is durably stored (or refused), so a broker can
   * acknowledge a QoS 1 message only then (DESIGN §10); QoS 0 messages need not wait.
   */
  start(onMessage: (message: InboundMessage) => Promise<void>): Promise<void>;
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  close(): Promise<void>;
  /**
   * The serials connected to this broker now: the embedded broker's; none with an MQTT broker,
   * whose connections are out of reach; null with RabbitMQ, which does not list them but closes
   * any serial's connections on every node (`disconnect`).
   */
  connectedSerials(): string[] | null;
  /** Closes these devices' connections (an MQTT broker's are out of reach: nothing happens). */
  disconnect(serials: string[]): Promise<void>;
  /** The embedded broker's port once listening; null with an external broker. */
  readonly port: number | null;
};
