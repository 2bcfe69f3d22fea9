/**
 * The device protocol's fixed numbers (docs/device-protocol.md). Firmware writers read the
 * document; server and simulator read these, so the two never drift apart.
 */
export const DEVICE_PROTOCOL_VERSION = 1;

/** Every topic lives under `vitrina/{serial}/`. */
export const DEVICE_TOPIC_ROOT = 'vitrina';

/** Largest accepted payload in bytes; the broker refuses bigger packets outright. */
export const DEVICE_MAX_PAYLOAD_BYTES = 64 * 1024;

/** RFID tags in one inventory or door-session message; a bigger inventory is sent in parts. */
export const DEVICE_MAX_TAGS_PER_MESSAGE = 2000;

/** Shelves a device may report (weights arrays are indexed by shelf number − 1). */
export const DEVICE_MAX_SHELVES = 32;

/** Serial numbers: letters, digits, `-` and `_` (they are MQTT topic levels and usernames). */
export const DEVICE_SERIAL_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How often a connected device publishes `heartbeat`. */
export const DEVICE_HEARTBEAT_INTERVAL_MS = 30_000;

/** No message for this long marks a device offline even without its last will. */
export const DEVICE_OFFLINE_AFTER_MS = 3 * DEVICE_HEARTBEAT_INTERVAL_MS;

/**
 * The server's own downtime is not a device going offline: after it starts (or its database comes
 * back) it has not been listening, so it gives every device this long to reconnect before any
 * silence counts. A device still silent then is offline once, as any other.
 */
export const DEVICE_START_GRACE_MS = DEVICE_OFFLINE_AFTER_MS;

/** MQTT keepalive the device must ask for, in seconds. */
export const DEVICE_KEEPALIVE_SECONDS = 60;

/** Default interval of periodic telemetry (devices also publish on every change). */
export const DEVICE_TELEMETRY_INTERVAL_MS = 60_000;

/**
 * Beyond this difference between the device's `ts` and the server's clock the message is
 * still processed, but counted as `clock_skew`: its times are always re-anchored to the
 * server's clock (see `toServerTime`).
 */
export const DEVICE_MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Replay window: within one boot, a `seq` less than this far below the highest seen is accepted
 * once (messages of one device may reach two server instances out of order); older or
 * repeated ones are rejected as replays.
 */
export const DEVICE_REPLAY_WINDOW = 32;

/** Reconnect back-off of the device: first delay, doubling up to the cap, ±20 % jitter. */
export const DEVICE_RECONNECT_MIN_MS = 1_000;
export const DEVICE_RECONNECT_MAX_MS = 60_000;
/**
 * The first retry after a lost connection also waits a random part of this, drawn evenly: a
 * fleet that lost its broker at one instant comes back spread over these seconds instead of
 * within the ±20 % of one second (device-protocol.md §6).
 */
export const DEVICE_RECONNECT_SPREAD_MS = 5_000;

/**
 * Protocol §6: the wait before reconnect attempt `attempt` (0 for the first after a lost
 * connection): 1 s doubling to at most 60 s, ±20 % jitter, and the first one spread over
 * DEVICE_RECONNECT_SPREAD_MS more. `random` answers in [0, 1).
 */
export function deviceReconnectDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(DEVICE_RECONNECT_MAX_MS, DEVICE_RECONNECT_MIN_MS * 2 ** attempt);
  const spread = attempt === 0 ? random() * DEVICE_RECONNECT_SPREAD_MS : 0;
  return Math.round(base * (0.8 + 0.4 * random()) + spread);
}

/** Re-send a command the device has not answered after this long (and on every `hello`). */
export const COMMAND_RESEND_AFTER_MS = 30_000;

/**
 * §8 accelerometer check: a tilt above this many degrees from level "needs adjusting",
 * at or below it "is correct".
 */
export const ACCELEROMETER_MAX_TILT_DEGREES = 2;

/** §9 neuro background: beep, open the door, wait 20 s, close. */
export const NEURO_BACKGROUND_TIMING = {
  beepMs: 1_000,
  openWaitMs: 20_000,
} as const;
