/** Types of scripts/temp-rabbitmq.mjs (for the server's tests and the benchmarks). */
export const RABBITMQ_SERVER_USER: { username: string; password: string };
export const RABBITMQ_ADMIN_USER: { username: string; password: string };
export const RABBITMQ_VHOST: string;
export function rabbitmqAvailable(): boolean;
export type TempRabbitmq = {
  amqpUrl: string;
  mqttUrl: string;
  managementUrl: string;
  ports: { amqp: number; mqtt: number; management: number };
  dir: string;
  /** The node's name (rabbitmqctl -n). */
  nodeName: string;
  /** The VM's process id (beam.smp), or null when it is down. */
  pid(): number | null;
  /** Runs `rabbitmqctl <args>` against this node; resolves its output. */
  ctl(args: string[]): Promise<string>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};
export function startTempRabbitmq(options?: {
  authBase?: string;
  startTimeoutMs?: number;
  /** Shards of the QoS 1 uplink instead of the recipe's (benchmarks). */
  uplinkQueues?: number;
}): Promise<TempRabbitmq>;
