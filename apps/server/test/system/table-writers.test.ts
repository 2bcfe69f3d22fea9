import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.js';

/**
 * One writer per table: each table is inserted into, updated and deleted from by one
 * module, its owner; another module that needs a row written calls the owner's function (through
 * its index.ts), passing its transaction in. The scan reads apps/server/src, tests and
 * migrations left out, and finds each write: drizzle's `.insert(t)` / `.update(t)` /
 * `.delete(t)` on a schema table, and SQL text `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`
 * (with `t` a table's name or `${table}`), prepared statements included. A write belongs to the
 * module whose folder holds the statement (`modules/<name>/…`); outside the modules, to the
 * layer (`lib`, `plugins`, `db`) or the adapter (`gateway`), or the root file.
 *
 * The demo seeding (`src/demo/`) is left out: it fills a fresh database with a whole fleet's
 * history at start-up, in bulk statements across every table, as fixtures do in tests; it runs
 * before any module's rules apply and is not a module (the import graph ranks it above them).
 * Database triggers live in the migrations, also left out; two write a table other than
 * their own: 0022's `tag_moves` rows for each tag move (tags' history, the tags module's), and
 * 0041's giving a failed refund's units back on `transaction_products` when payments marks
 * its ledger row failed (the sale's lines stay the sales module's in the code).
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const LEFT_OUT = [/\.test\.ts$/, /\.d\.ts$/, /^db\/migrations\//, /^demo\//];

/** Each table's one writing module. */
const OWNERS: Record<string, string> = {
  audit_log: 'audit',
  bonus_operations: 'sales',
  bonus_promotions: 'promotions',
  categories: 'categories',
  certificates: 'certificates',
  customer_blocks: 'users',
  customer_cards: 'customer-app',
  customer_push_devices: 'push',
  customer_sign_in_codes: 'customer-app',
  dataset_files: 'dataset',
  device_commands: 'device-commands',
  device_events: 'micromarkets',
  device_group_couriers: 'device-groups',
  device_group_members: 'device-groups',
  device_groups: 'device-groups',
  door_sessions: 'gateway',
  fiscal_receipts: 'fiscal',
  fiscal_settings: 'fiscal',
  fiscal_test_receipts: 'fiscal',
  fiscal_test_shifts: 'fiscal',
  fleet_notice_marks: 'alerts',
  fleet_notice_reads: 'alerts',
  fleet_notices: 'alerts',
  fleet_thresholds: 'micromarkets',
  installation: 'lib',
  jobs: 'jobs',
  mail_outbox: 'lib',
  makers: 'makers',
  micromarket_discounts: 'micromarkets',
  micromarket_inventory: 'gateway',
  micromarket_planograms: 'planograms',
  micromarkets: 'micromarkets',
  notification_channels: 'notifications',
  notification_deliveries: 'notifications',
  notification_rules: 'notifications',
  open_links: 'open-links',
  open_requests: 'open-links',
  opening_claims: 'open-links',
  order_events: 'orders',
  order_lines: 'orders',
  orders: 'orders',
  organization_access: 'organizations',
  organization_cards: 'subscriptions',
  organizations: 'organizations',
  payment_customers: 'payments',
  payment_settings: 'payments',
  payment_transactions: 'payments',
  payment_webhook_events: 'payments',
  personal_prices: 'micromarkets',
  planogram_schedules: 'planograms',
  planogram_templates: 'planograms',
  platform_payment_settings: 'payments',
  price_tags: 'micromarkets',
  products: 'products',
  programming_tasks: 'tags',
  push_deliveries: 'push',
  push_messages: 'push',
  refund_lines: 'transactions',
  report_deliveries: 'reports',
  report_subscriptions: 'reports',
  role_permissions: 'roles',
  roles: 'roles',
  sale_refusals: 'sales-gate',
  sales_daily: 'reports',
  sales_daily_products: 'reports',
  sales_org_daily: 'reports',
  sales_org_daily_products: 'reports',
  sales_rollup_dirty: 'reports',
  sessions: 'auth',
  shelf_products: 'micromarkets',
  shelves: 'micromarkets',
  storage_batches: 'tags',
  subscription_invoices: 'subscriptions',
  subscription_payments: 'subscriptions',
  subscriptions: 'subscriptions',
  support_comments: 'support',
  support_events: 'support',
  support_reads: 'support',
  support_threads: 'support',
  tags: 'tags',
  technical_alerts: 'alerts',
  telemetry: 'micromarkets',
  telemetry_hourly: 'micromarkets',
  test_bank_objects: 'payments',
  test_bank_outcomes: 'payments',
  transaction_products: 'sales',
  transactions: 'sales',
  user_group_phones: 'user-groups',
  user_groups: 'user-groups',
  user_tokens: 'auth',
  users: 'auth',
  whatsapp_messages: 'notifications',
  wishes: 'orders',
};

/**
 * Writers besides the owner that stay, each with its reason: `table → { writer: reason }`.
 */
const EXCEPTIONS: Record<string, Record<string, string>> = {};

type Write = { table: string; writer: string; file: string; line: number };

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every schema table by its export name and its SQL name. */
const tableNames = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) tableNames.set(name, getTableName(value));
const sqlNames = new Set(tableNames.values());

function writerOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules') return parts[1] ?? file;
  return parts.length > 1 ? (parts[0] ?? file) : file;
}

/** Comments blanked (kept as spaces so line numbers hold); `//` after `:` is a URL, not a comment. */
function withoutComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (_, lead) => `${lead}`);
}

/** The schema tables a file imports, under the names it uses (`import { users as u }`). */
function importedTables(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, list = ''] of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[^']*db\/schema[^']*'/g)) {
    for (const part of list.split(',')) {
      const [exported, local = exported] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const table = exported ? tableNames.get(exported) : undefined;
      if (table && local) names.set(local, table);
    }
  }
  return names;
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

function writesIn(file: string): Write[] {
  const source = withoutComments(fs.readFileSync(path.join(SRC, file), 'utf8'));
  const tables = importedTables(source);
  const writer = writerOf(file);
  const writes: Write[] = [];
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*([\w$]+)\s*\)/g)) {
    const table = tables.get(match[1] ?? '');
    if (table) writes.push({ table, writer, file, line: lineAt(source, match.index) });
  }
  const statement =
    /\b(?:INSERT\s+INTO|UPDATE(?:\s+ONLY)?|DELETE\s+FROM)\s+(?:\$\{\s*([\w$]+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi;
  for (const match of source.matchAll(statement)) {
    const table = match[1] ? tables.get(match[1]) : match[2]?.toLowerCase();
    if (table && sqlNames.has(table)) writes.push({ table, writer, file, line: lineAt(source, match.index) });
  }
  return writes;
}

function scan(): Write[] {
  return walk(SRC)
    .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
    .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
    .flatMap(writesIn);
}

const writes = scan();

describe('one writer per table', () => {
  it('finds the writes (the scan sees drizzle and SQL statements)', () => {
    const seen = (table: string, writer: string, file: RegExp) =>
      writes.some((write) => write.table === table && write.writer === writer && file.test(write.file));
    // A drizzle insert, a SQL text update, and the sales hot path's prepared statements.
    expect(seen('orders', 'orders', /orders/)).toBe(true);
    expect(seen('jobs', 'jobs', /jobs\.repository\.ts$/)).toBe(true);
    expect(
      writes.some((write) => write.table === 'transaction_products' && /prepared|repository/.test(write.file)),
    ).toBe(true);
  });

  it('names an owner for every table written', () => {
    const unowned = [...new Set(writes.map((write) => write.table))].filter((table) => !(table in OWNERS));
    expect(unowned).toEqual([]);
  });

  it('has each table written by its owner only, or a documented exception', () => {
    const strays = writes
      .filter((write) => write.writer !== OWNERS[write.table] && !EXCEPTIONS[write.table]?.[write.writer])
      .map((write) => `${write.table} ← ${write.writer} (${write.file}:${write.line})`);
    expect([...new Set(strays)].sort()).toEqual([]);
  });

  it('keeps no exception that is no longer needed', () => {
    const stale = Object.entries(EXCEPTIONS).flatMap(([table, writers]) =>
      Object.keys(writers)
        .filter((writer) => !writes.some((write) => write.table === table && write.writer === writer))
        .map((writer) => `${table} ← ${writer}`),
    );
    expect(stale).toEqual([]);
  });
});
