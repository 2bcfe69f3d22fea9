import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const CONNECTION_VALUES = ['online', 'offline'] as const;
export const DOOR_VALUES = ['open', 'closed'] as const;

/**
 * A micromarket (fridge or shelf unit): what the operator enters, the settings the device
 * and the sales path read (`settings`, validated by the contract's ZMicromarketSettings), and
 * the live state the device gateway keeps from the device's messages.
 */
export const micromarkets = pgTable(
  'micromarkets',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    address: text('address'),
    serialNumber: text('serial_number').notNull().unique(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
    locationDescription: text('location_description'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    courierLatitude: doublePrecision('courier_latitude'),
    courierLongitude: doublePrecision('courier_longitude'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** Monthly price in minor units of the organisation's currency; null: the organisation's price. */
    subscriptionPriceMinor: integer('subscription_price_minor'),
    /** SHA-256 of the private token the device signs in with; the token itself is shown once. */
    tokenHash: text('token_hash'),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    settings: jsonb('settings').notNull().default({}),
    // Live state, written by the device gateway.
    connection: text('connection', { enum: CONNECTION_VALUES }).notNull().default('offline'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    ip: text('ip'),
    macAddress: text('mac_address'),
    platform: text('platform'),
    firmware: text('firmware'),
    temperature: real('temperature'),
    defrosting: boolean('defrosting'),
    door: text('door', { enum: DOOR_VALUES }),
    tilt: real('tilt'),
    /** Since when the temperature has been above the organisation's limit; null: in range. */
    overheatSince: timestamp('overheat_since', { withTimezone: true }),
    /** Food-safety lock: customers cannot open the door until an operator resets it. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: text('lock_reason'),
    /**
     * Replay protection of the device protocol: the highest (boot, seq) accepted and a bitmap
     * of the 32 seqs below it already seen (bit i: seq − i).
     */
    deviceBoot: integer('device_boot'),
    deviceSeq: bigint('device_seq', { mode: 'number' }),
    deviceSeqWindow: bigint('device_seq_window', { mode: 'bigint' }),
    /** (boot, seq) of the current connection's hello: only that connection's last will marks it offline. */
    sessionBoot: integer('session_boot'),
    sessionSeq: bigint('session_seq', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('micromarkets_org').on(t.orgId), index('micromarkets_org_name').on(t.orgId, t.name, t.id)],
);

/** Three levels per organisation: level 1 has no parent. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_org_parent_name').on(t.orgId, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('categories_parent_position').on(t.orgId, t.parentId, t.position),
  ],
);

export const makers = pgTable(
  'makers',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    country: text('country'),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('makers_org_name').on(t.orgId, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    article: text('article'),
    barcode: text('barcode'),
    /** The fiscal register's tax groups of this product (at most two); null: the organisation's default. */
    taxCodes: text('tax_codes').array(),
    weightG: integer('weight_g'),
    makerId: integer('maker_id').references(() => makers.id),
    categoryId: integer('category_id').references(() => categories.id),
    baseCostMinor: integer('base_cost_minor').notNull().default(0),
    sellCostMinor: integer('sell_cost_minor').notNull(),
    storagePeriodHours: integer('storage_period_hours').notNull().default(72),
    purchaseLimit: integer('purchase_limit').notNull().default(0),
    status: text('status', { enum: ['active', 'inactive', 'archived'] })
      .notNull()
      .default('active'),
    imageKey: text('image_key'),
    thumbKey: text('thumb_key'),
    showInOrders: boolean('show_in_orders').notNull().default(true),
    showInWishes: boolean('show_in_wishes').notNull().default(true),
    isPublic: boolean('is_public').notNull().default(true),
    forProgrammer: boolean('for_programmer').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_org_status_id').on(t.orgId, t.status, t.id),
    // The list's default order, newest first: the first page walks this index and stops.
    index('products_created_id').on(t.createdAt, t.id),
    index('products_category').on(t.categoryId),
    index('products_maker').on(t.makerId),
    // Text search over name, article and barcode (pg_trgm), so `%q%` does not scan the table.
    index('products_search_trgm').using(
      'gin',
      sql`(lower(${t.name} || ' ' || coalesce(${t.article}, '') || ' ' || coalesce(${t.barcode}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** Votes and reactions of customers; the product card and the rating screen aggregate them. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 to 5, or null for a reaction without a vote. */
    rating: smallint('rating'),
    /** 1 like, -1 dislike, null none. */
    reaction: smallint('reaction'),
    createdAt: createdAt(),
  },
  (t) => [index('product_reviews_product_created').on(t.productId, t.createdAt)],
);

export const storageBatches = pgTable(
  'storage_batches',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    storeUpTo: timestamp('store_up_to', { withTimezone: true }).notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('storage_batches_org_id').on(t.orgId, t.id), index('storage_batches_product').on(t.productId, t.id)],
);

export const TAG_STATUS_VALUES = ['new', 'in_micromarket', 'sold', 'removed', 'written_off', 'not_paid'] as const;

/** The largest table: every index serves a list filter with keyset order by id. */
export const tags = pgTable(
  'tags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    code: text('code').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    batchId: integer('batch_id').references(() => storageBatches.id),
    micromarketId: integer('micromarket_id').references(() => micromarkets.id),
    status: text('status', { enum: TAG_STATUS_VALUES }).notNull().default('new'),
    storeUpTo: timestamp('store_up_to', { withTimezone: true }).notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    writtenOffAt: timestamp('written_off_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tags_org_status_id').on(t.orgId, t.status, t.id),
    index('tags_product_status_id').on(t.productId, t.status, t.id),
    index('tags_micromarket_status_id').on(t.micromarketId, t.status, t.id),
    index('tags_batch_status').on(t.batchId, t.status),
    index('tags_org_status_expiry').on(t.orgId, t.status, t.storeUpTo),
    // Tags arrive in time order, so a BRIN index serves created-at ranges at a tiny size.
    index('tags_created_brin').using('brin', t.createdAt),
  ],
);

export const datasetFiles = pgTable(
  'dataset_files',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type', { enum: ['image', 'video', 'session'] }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key'),
    originalName: text('original_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('dataset_files_org_id').on(t.orgId, t.id), index('dataset_files_tags').using('gin', t.tags)],
);

/**
 * Tags to write for a product, asked for by the restock plan: the tag programmer shows the
 * open ones, and each batch it writes for the product counts toward the oldest first.
 */
export const programmingTasks = pgTable(
  'programming_tasks',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    programmed: integer('programmed').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('programming_tasks_open').on(t.orgId, t.productId).where(sql`${t.doneAt} IS NULL`)],
);
