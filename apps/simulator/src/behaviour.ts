import { DEFAULT_TEMPERATURE_OPTIONS, type TemperatureOptions } from './temperature.js';

export const FAULT_KINDS = [
  'excursion',
  'door-stuck',
  'weight-anomaly',
  'connection-loss',
  'tilt',
  'untagged-item',
  'tag-left',
  'heavy-hand',
  'camera-loss',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** One-shot faults that make the next customer session's sensors disagree (sensor-faults.ts). */
export const SENSOR_FAULT_KINDS = [
  'weight-anomaly',
  'untagged-item',
  'tag-left',
  'heavy-hand',
] as const satisfies readonly FaultKind[];
export type SensorFaultKind = (typeof SENSOR_FAULT_KINDS)[number];

export function isSensorFault(kind: FaultKind): kind is SensorFaultKind {
  return (SENSOR_FAULT_KINDS as readonly FaultKind[]).includes(kind);
}

/** How a fridge's world behaves. Durations are world time: `speed` compresses them. */
export type Behaviour = {
  /** The world runs this many times faster than the clock (customers, defrosts, sessions). */
  speed: number;
  /** Customers who open the door on their own, per hour; 0: none. */
  customersPerHour: number;
  /** A courier restocks from the pool when the cabinet falls below `restockBelow` of its first stock. */
  autoRestock: boolean;
  restockBelow: number;
  /** Faults that strike at random, about `faultsPerDay` a day each fridge. */
  randomFaults: readonly FaultKind[];
  faultsPerDay: number;
  /** How long a lost connection stays lost. */
  outageMs: number;
  /** How long a reboot takes, clock milliseconds. */
  rebootMs: number;
  temperature: TemperatureOptions;
  firmware: string;
  platform: string;
};

export const DEFAULT_BEHAVIOUR: Behaviour = {
  speed: 1,
  customersPerHour: 4,
  autoRestock: true,
  restockBelow: 0.6,
  randomFaults: [],
  faultsPerDay: 2,
  outageMs: 2 * 60_000,
  rebootMs: 8_000,
  temperature: DEFAULT_TEMPERATURE_OPTIONS,
  firmware: 'sim-1.0.0',
  platform: 'vitrina-sim',
};

/** World time each kind of opening keeps the door open: [min, max] ms. */
export const OPEN_FOR_MS = {
  customer: [10_000, 40_000],
  courier: [90_000, 180_000],
  service: [20_000, 45_000],
} as const;

/** How long a random fault lasts before it clears itself (world time). */
export const RANDOM_FAULT_MS = {
  excursion: 3 * 3_600_000,
  'door-stuck': 3_600_000,
  tilt: 6 * 3_600_000,
  'camera-loss': 30 * 60_000,
} as const;

/** A weight anomaly: a scale reads this much less ([min, max] g) although no tag left. */
export const ANOMALY_GRAMS = [250, 600] as const;
/** A customer leaning on a shelf as the door closes adds this much ([min, max] g) to its reading. */
export const HEAVY_HAND_GRAMS = [300, 900] as const;

/** A tilt the panel calls correct, and one that needs adjusting (limit 2°). */
export const LEVEL_TILT_DEGREES = [0.2, 1.2] as const;
export const FAULT_TILT_DEGREES = [3.5, 7] as const;

/** How often the model steps, clock milliseconds. */
export const TICK_MS = 10_000;
