import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { micromarkets, products } from './catalogue.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const micromarketRef = () =>
  integer('micromarket_id')
    .notNull()
    .references(() => micromarkets.id, { onDelete: 'cascade' });

/** A shelf of a micromarket: its scale's trackers (sensor ids), live and calibrated weight. */
export const shelves = pgTable(
  'shelves',
  {
    id: serial('id').primaryKey(),
    micromarketId: micromarketRef(),
    number: smallint('number').notNull(),
    name: text('name'),
    trackers: text('trackers').array().notNull().default(sql`'{}'::text[]`),
    weightGrams: integer('weight_grams'),
    calibratedWeightGrams: integer('calibrated_weight_grams'),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shelves_micromarket_number').on(t.micromarketId, t.number)],
);

export const shelfProducts = pgTable(
  'shelf_products',
  {
    shelfId: integer('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shelfId, t.productId] })],
);

/** A discount on everything in a micromarket, in whole percent, until `active_to`. */
export const micromarketDiscounts = pgTable(
  'micromarket_discounts',
  {
    id: serial('id').primaryKey(),
    micromarketId: micromarketRef(),
    percent: smallint('percent').notNull(),
    activeTo: timestamp('active_to', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('micromarket_discounts_micromarket').on(t.micromarketId, t.activeTo),
    check('micromarket_discounts_percent', sql`${t.percent} BETWEEN 1 AND 100`),
  ],
);

/** A product's price at one location, in minor units, instead of its sell cost. */
export const personalPrices = pgTable(
  'personal_prices',
  {
    id: serial('id').primaryKey(),
    micromarketId: micromarketRef(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('personal_prices_micromarket_product').on(t.micromarketId, t.productId),
    check('personal_prices_price', sql`${t.priceMinor} >= 0`),
  ],
);

/** An electronic shelf label: which product it shows and the price it last confirmed. */
export const priceTags = pgTable(
  'price_tags',
  {
    id: serial('id').primaryKey(),
    micromarketId: micromarketRef(),
    labelCode: text('label_code').notNull(),
    shelfId: integer('shelf_id').references(() => shelves.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    shownPriceMinor: integer('shown_price_minor'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_tags_micromarket_label').on(t.micromarketId, t.labelCode)],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    type: text('type'),
    address: text('address'),
    description: text('description'),
    /** ISO days of the week the group is run as a courier route (1 Monday … 7 Sunday). */
    routeDays: smallint('route_days').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::smallint[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('device_groups_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

/** The couriers who run a device group as their route (on its route days). */
export const deviceGroupCouriers = pgTable(
  'device_group_couriers',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('device_group_couriers_user').on(t.userId)],
);

export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    micromarketId: micromarketRef(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.micromarketId] }), index('device_group_members_mm').on(t.micromarketId)],
);

export const COMMAND_STATUS_VALUES = ['queued', 'sent', 'acknowledged', 'failed', 'expired'] as const;

/**
 * The durable command queue: a command is delivered at least once (re-sent until acknowledged
 * or expired) and carries its id, which the device de-duplicates on.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    micromarketId: micromarketRef(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: COMMAND_STATUS_VALUES }).notNull().default('queued'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's channel (http, job, device) and its label, as in the audit log. */
    via: text('via').notNull(),
    actorLabel: text('actor_label'),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_commands_micromarket_created').on(t.micromarketId, t.createdAt),
    index('device_commands_pending').on(t.status, t.micromarketId).where(sql`${t.status} IN ('queued', 'sent')`),
    // Unlocked doors waiting to be opened (the door-open timeout).
    index('device_commands_open_door_acknowledged')
      .on(t.finishedAt)
      .where(sql`${t.type} = 'open_door' AND ${t.status} = 'acknowledged'`),
  ],
);

/**
 * Raw telemetry, kept for the retention period; charts read the hourly table beyond it.
 * Partitioned by UTC day on `at` (migration 0050; drizzle has no words for it): the
 * micromarkets' `telemetry.retention` job makes the days ahead and drops whole days past
 * TELEMETRY_RETENTION_DAYS, and `telemetry_default` takes a row no day holds. The key holds
 * `at`, as a partitioned table's must; `id` is the arrival order.
 */
export const telemetry = pgTable(
  'telemetry',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    micromarketId: micromarketRef(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    temperature: real('temperature'),
    defrosting: boolean('defrosting'),
    doorOpen: boolean('door_open'),
    weights: integer('weights').array(),
    tilt: real('tilt'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('telemetry_micromarket_at').on(t.micromarketId, t.at),
    index('telemetry_at_brin').using('brin', t.at),
  ],
);

/**
 * Telemetry downsampled per hour for long chart periods. Partitioned by UTC month on `hour`
 * (migration 0050), months past TELEMETRY_HOURLY_RETENTION_MONTHS dropped whole by the same job.
 */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  {
    micromarketId: micromarketRef(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    samples: integer('samples').notNull(),
    temperatureMin: real('temperature_min'),
    temperatureMax: real('temperature_max'),
    temperatureAvg: real('temperature_avg'),
    doorOpenSamples: integer('door_open_samples').notNull().default(0),
    defrostingSamples: integer('defrosting_samples').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.micromarketId, t.hour] })],
);

export const DOOR_SESSION_KIND_VALUES = ['customer', 'courier', 'service'] as const;

/**
 * One opening of the door, as the device reports it: what left by tag, weight or camera,
 * with the shelf weights before and after. The sales area turns customer sessions into
 * transactions. The id is the device's, so a re-sent report is stored once.
 */
export const doorSessions = pgTable(
  'door_sessions',
  {
    id: uuid('id').primaryKey(),
    micromarketId: micromarketRef(),
    kind: text('kind', { enum: DOOR_SESSION_KIND_VALUES }).notNull(),
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    takenTags: text('taken_tags').array().notNull().default(sql`'{}'::text[]`),
    /** Camera / weight detections: [{ product_id, quantity, source: 'weight' | 'camera', shelf }]. */
    detections: jsonb('detections').notNull().default([]),
    weightsBefore: integer('weights_before').array(),
    weightsAfter: integer('weights_after').array(),
    createdAt: createdAt(),
  },
  (t) => [
    index('door_sessions_micromarket_opened').on(t.micromarketId, t.openedAt),
    // Did the door open for this command (the door-open timeout, web sales)?
    index('door_sessions_command').on(t.commandId).where(sql`${t.commandId} IS NOT NULL`),
  ],
);

/** What happened to a micromarket (connection, door, lock, settings, commands), for its history tab. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    micromarketId: micromarketRef(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    details: jsonb('details').notNull().default({}),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label'),
  },
  (t) => [index('device_events_micromarket_id').on(t.micromarketId, t.id)],
);

export const ALERT_STATUS_VALUES = ['open', 'acknowledged', 'resolved'] as const;

/** Technical alerts of §4 (1 temperature, 2 door did not open, 3 weight): one row per incident. */
export const technicalAlerts = pgTable(
  'technical_alerts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    micromarketId: micromarketRef(),
    type: smallint('type').notNull(),
    status: text('status', { enum: ALERT_STATUS_VALUES }).notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    details: jsonb('details').notNull().default({}),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One incident per micromarket and type until it is resolved.
    uniqueIndex('technical_alerts_one_open').on(t.micromarketId, t.type).where(sql`${t.status} <> 'resolved'`),
    index('technical_alerts_org_status_id').on(t.orgId, t.status, t.id),
  ],
);

/** The rules' thresholds per organisation (defaults apply when an organisation has no row). */
export const fleetThresholds = pgTable('fleet_thresholds', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  temperatureMin: real('temperature_min').notNull().default(2),
  temperatureMax: real('temperature_max').notNull().default(8),
  /** Minutes above temperatureMax before the food-safety lock. */
  lockAfterMinutes: integer('lock_after_minutes').notNull().default(120),
  /** Seconds after an open-door command acknowledged without the door opening. */
  doorOpenTimeoutSeconds: integer('door_open_timeout_seconds').notNull().default(30),
  /** A shelf weight change no detection explains, in grams. */
  weightToleranceGrams: integer('weight_tolerance_grams').notNull().default(50),
  updatedAt: updatedAt(),
});

export const OPEN_LINK_KIND_VALUES = ['customer', 'courier'] as const;

/** Public open-fridge links (/notauth/…/open/fridge/{token}); courier links are one-time. */
export const openLinks = pgTable(
  'open_links',
  {
    token: uuid('token').primaryKey().defaultRandom(),
    micromarketId: micromarketRef(),
    kind: text('kind', { enum: OPEN_LINK_KIND_VALUES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('open_links_micromarket').on(t.micromarketId, t.kind)],
);

/**
 * A customer's opening of a micromarket in progress (a guest's form post, an app's tap): one at a
 * time per micromarket, across instances. Claimed for the length of one request, so a
 * raced form cannot pass the sales gate twice; a claim whose instance died ends at `expiresAt`.
 */
export const openingClaims = pgTable('opening_claims', {
  micromarketId: integer('micromarket_id')
    .primaryKey()
    .references(() => micromarkets.id, { onDelete: 'cascade' }),
  claim: uuid('claim').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A filled open-micromarket form (§2, §5) and the door command it led to. */
export const openRequests = pgTable(
  'open_requests',
  {
    id: serial('id').primaryKey(),
    micromarketId: micromarketRef(),
    linkToken: uuid('link_token').references(() => openLinks.token, { onDelete: 'set null' }),
    kind: text('kind', { enum: OPEN_LINK_KIND_VALUES }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    profession: text('profession'),
    email: text('email'),
    weights: integer('weights').array(),
    openAt: timestamp('open_at', { withTimezone: true }),
    closeAt: timestamp('close_at', { withTimezone: true }),
    itemsCount: integer('items_count'),
    notes: text('notes'),
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('open_requests_micromarket').on(t.micromarketId, t.id)],
);

/**
 * Every change of a tag's status or micromarket, written by a trigger on `tags` (migration
 * 0022) whatever made it: the stock accounting of a micromarket over a period reads it.
 * `at` is the tag's `updated_at` when the change set it, else the time of the write.
 */
export const tagMoves = pgTable(
  'tag_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
    orgId: integer('org_id').notNull(),
    productId: integer('product_id').notNull(),
    fromMicromarketId: integer('from_micromarket_id'),
    toMicromarketId: integer('to_micromarket_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tag_moves_to_micromarket').on(t.toMicromarketId, t.at),
    index('tag_moves_from_micromarket').on(t.fromMicromarketId, t.at),
  ],
);

/** The last inventory scan a micromarket reported: when, and how many tags of each product it saw. */
export const micromarketInventory = pgTable('micromarket_inventory', {
  micromarketId: integer('micromarket_id')
    .primaryKey()
    .references(() => micromarkets.id, { onDelete: 'cascade' }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
  /** `{ "<product id>": count }`. */
  counts: jsonb('counts').notNull(),
});
