import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TMapTiles } from '@vitrina/contract';
import { z } from 'zod';
import type { MqttSettings } from './gateway/index.js';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, isMapTileUrl, mapTilesOf } from './lib/map-tiles.js';
import { isAllowEntry } from './lib/outgoing-address.js';
import { REPO_ROOT, WEB_DIST } from './lib/paths.js';
import { DEFAULT_SESSION_CACHE_TTL_MS } from './lib/session-cache.js';
import { DEFAULT_WHATSAPP_API_VERSION } from './modules/notifications/index.js';

/** Names proxy-addr (Fastify's trustProxy) knows for the usual private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.1`, `::1`), a CIDR range (`10.0.0.0/8`) or one of the names above. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Configuration comes only from the environment, each value with a safe default (DESIGN §7). */
/** A comma-separated list, blanks dropped. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** Unset: the demo on the embedded database; nothing on PostgreSQL (a production start, docs/decisions/097-the-production-start-the-last-administrator-and.md). */
  SEED: z.enum(['demo', 'e2e', 'off']).optional(),
  /** The demo fleet of virtual fridges; unset: on when the demo (or the e2e demo) is seeded. */
  SIMULATOR: z.enum(['on', 'off']).optional(),
  INSTANCES: z.coerce.number().int().min(1).default(1),
  /** Proxies whose X-Forwarded-For names the client; by default none, so the header cannot be forged. */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform(commaList)
    .pipe(z.array(z.string().refine(isProxyAddress, { error: 'expected IP addresses or CIDR ranges' }))),
  /** Hosts organisations' settings may connect to although private (an internal mail relay); by default none. */
  OUTGOING_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform(commaList)
    .pipe(z.array(z.string().refine(isAllowEntry, { error: 'expected host names, IP addresses or CIDR ranges' }))),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(DEFAULT_SESSION_CACHE_TTL_MS),
  /** The embedded broker's port (0: any free port); unused with MQTT_URL. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** An external broker (mqtt://, mqtts://); unset: the embedded one. */
  MQTT_URL: z.string().url().optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /**
   * This instance's client id at the external broker, the same at every start so the broker keeps
   * its session (and queues device messages while it is down); each instance needs its own.
   * Unset: `vitrina-server-{hostname}`. Only [A-Za-z0-9_-]: it is also a client id of Mosquitto's.
   */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** How long the broker keeps a stopped instance's session and queue (seconds; default a day). */
  MQTT_SESSION_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(4_294_967_294).default(86_400),
  /**
   * Where devices connect: the embedded broker (default), an MQTT broker at MQTT_URL (Mosquitto,
   * one instance), or RabbitMQ (several instances: AMQP_URL; docs/rabbitmq/). Unset: `mqtt` when
   * MQTT_URL is set, else `embedded`. Only `rabbitmq` lets INSTANCES go above 1: the embedded
   * broker lives in one process, and Mosquitto serves one instance (no shared subscription
   * survives its restart; docs/decisions/131-mosquitto-one-instance.md).
   */
  BROKER: z.enum(['embedded', 'mqtt', 'rabbitmq']).optional(),
  /** BROKER=rabbitmq: the servers' user at RabbitMQ, amqp(s)://user:password@host:5672/vitrina. */
  AMQP_URL: z
    .string()
    .url()
    .refine((url) => /^amqps?:\/\//.test(url), { error: 'an amqp:// or amqps:// URL' })
    .optional(),
  /** BROKER=rabbitmq: RabbitMQ's management API with an administrator's credentials, where revoked devices' connections are closed. */
  RABBITMQ_MANAGEMENT_URL: z.string().url().optional(),
  /** The shards of the device QoS 1 uplink the definitions declare (vitrina.uplink.0 … N-1); the recipe has one, which keeps each device's messages in order. */
  RABBITMQ_UPLINK_QUEUES: z.coerce.number().int().min(1).max(64).default(1),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** The hourly telemetry rollup keeps this month and this many whole months before it. */
  TELEMETRY_HOURLY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(13),
  /** Encrypts stored provider credentials; unset: generated into DATA_DIR on the embedded database, refused on PostgreSQL. */
  SECRET_KEY: z.string().min(32, { error: 'at least 32 characters' }).optional(),
  /** Where the Stripe adapter sends its calls; unset: api.stripe.com (a proxy or a stand-in otherwise). */
  STRIPE_API_URL: z.string().url().optional(),
  /** Where the Checkbox fiscal adapter sends its calls; unset: api.checkbox.ua (a proxy or a stand-in otherwise). */
  CHECKBOX_API_URL: z.string().url().optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  /** The Graph API's root (a proxy or a stand-in), without the version: that is WHATSAPP_API_VERSION. */
  WHATSAPP_API_BASE: z
    .string()
    .url()
    .refine((url) => !/\/v\d+\.\d+\/?$/.test(url), { error: 'without the version: set WHATSAPP_API_VERSION' })
    .optional(),
  /** The Graph API version the WhatsApp Cloud API calls name (Meta keeps each for about two years). */
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d$/, { error: 'a Graph API version such as v26.0' })
    .default(DEFAULT_WHATSAPP_API_VERSION),
  /** The fleet map's raster tiles (`{z}/{x}/{y}`, optional `{s}`), or `off` for markers on a blank background. */
  MAP_TILE_URL: z
    .string()
    .refine(isMapTileUrl, { error: 'an http(s) URL or /path with {z}, {x} and {y}, or off' })
    .default(DEFAULT_MAP_TILE_URL),
  /** Shown in the map's corner, as the tile provider's terms ask. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(DEFAULT_MAP_ATTRIBUTION),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(24).default(19),
  /** A Firebase service account key file: push messages then also go out through FCM. */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  /** Where the FCM adapter sends its calls; unset: fcm.googleapis.com (a proxy or a stand-in otherwise). */
  FCM_API_BASE: z.string().url().optional(),
});

export type Config = {
  /** The fleet map's base layer (null: none). */
  mapTiles: TMapTiles;
  stripeApiUrl: string | undefined;
  checkboxApiUrl: string | undefined;
  /** Telegram's Bot API and WhatsApp's Cloud API addresses, for a proxy or a stand-in; default the real ones. */
  telegramApiRoot: string | undefined;
  whatsappApiRoot: string | undefined;
  whatsappApiVersion: string;
  /** The Firebase service account key file's path, and FCM's address; unset: the built-in inbox only. */
  fcmServiceAccount: string | undefined;
  fcmApiBase: string | undefined;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof ZConfig>['LOG_LEVEL'];
  publicUrl: string;
  webDist: string;
  /**
   * demo: everything; e2e: the demo's organisations, roles, users and a small fleet, without the catalogue; off: nothing.
   * Unset: demo on the embedded database, off with DATABASE_URL.
   */
  seed: 'demo' | 'e2e' | 'off';
  /** Run the demo fleet simulator beside the server (embedded broker only). */
  simulator: 'on' | 'off';
  instances: number;
  /** Addresses and CIDR ranges of trusted proxies; empty: trust none. */
  trustProxy: string[];
  /** Names, addresses and ranges organisations' outgoing addresses may be although private; empty: none. */
  outgoingAllowHosts: string[];
  /** How long a session is served from memory; 0 checks every request against the database. */
  sessionCacheTtlMs: number;
  mqtt: MqttSettings;
  telemetryRetention: { rawDays: number; hourlyMonths: number };
  secretKey: string | undefined;
};

/** The host's name as a client id: stable across restarts of a process on one machine or pod with a fixed name. */
function defaultClientId(): string {
  return `vitrina-server-${os.hostname().replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 64);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // PostgreSQL is the production database: it is never given the demo's public passwords unless asked.
  const seed = c.SEED ?? (c.DATABASE_URL ? 'off' : 'demo');
  const broker = c.BROKER ?? (c.MQTT_URL ? 'mqtt' : 'embedded');
  if (broker === 'rabbitmq' && !c.AMQP_URL) {
    throw new Error('Invalid configuration: BROKER=rabbitmq needs AMQP_URL');
  }
  if (broker === 'mqtt' && !c.MQTT_URL) throw new Error('Invalid configuration: BROKER=mqtt needs MQTT_URL');
  if (c.INSTANCES > 1 && broker !== 'rabbitmq') {
    // Embedded, each instance would have its own broker and split the fleet; behind Mosquitto the
    // instances would have to split the traffic through shared subscriptions, which Mosquitto 2.0
    // loses at its restart and which a device can join.
    throw new Error('Invalid configuration: several instances need RabbitMQ (BROKER=rabbitmq, AMQP_URL)');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    // A relative DATA_DIR means relative to where `npm …` was typed (npm keeps it in INIT_CWD).
    dataDir: c.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(c.WEB_DIST ?? WEB_DIST),
    seed,
    simulator: c.SIMULATOR ?? (seed === 'off' ? 'off' : 'on'),
    instances: c.INSTANCES,
    trustProxy: c.TRUST_PROXY,
    outgoingAllowHosts: c.OUTGOING_ALLOW_HOSTS,
    sessionCacheTtlMs: c.SESSION_CACHE_TTL_MS,
    mqtt: {
      port: c.MQTT_PORT,
      host: c.HOST,
      url: broker === 'mqtt' ? c.MQTT_URL : undefined,
      username: c.MQTT_USERNAME,
      password: c.MQTT_PASSWORD,
      clientId: c.MQTT_CLIENT_ID ?? defaultClientId(),
      sessionExpirySeconds: c.MQTT_SESSION_EXPIRY_SECONDS,
      rabbitmq:
        broker === 'rabbitmq' && c.AMQP_URL
          ? { amqpUrl: c.AMQP_URL, managementUrl: c.RABBITMQ_MANAGEMENT_URL, uplinkQueues: c.RABBITMQ_UPLINK_QUEUES }
          : undefined,
    },
    telemetryRetention: { rawDays: c.TELEMETRY_RETENTION_DAYS, hourlyMonths: c.TELEMETRY_HOURLY_RETENTION_MONTHS },
    secretKey: c.SECRET_KEY,
    stripeApiUrl: c.STRIPE_API_URL,
    checkboxApiUrl: c.CHECKBOX_API_URL,
    telegramApiRoot: c.TELEGRAM_API_ROOT,
    whatsappApiRoot: c.WHATSAPP_API_BASE,
    whatsappApiVersion: c.WHATSAPP_API_VERSION,
    fcmServiceAccount: c.FCM_SERVICE_ACCOUNT
      ? path.resolve(env.INIT_CWD ?? process.cwd(), c.FCM_SERVICE_ACCOUNT)
      : undefined,
    fcmApiBase: c.FCM_API_BASE,
    mapTiles: mapTilesOf({ url: c.MAP_TILE_URL, attribution: c.MAP_TILE_ATTRIBUTION, maxZoom: c.MAP_MAX_ZOOM }),
  };
}
