import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { micromarkets } from './catalogue.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * §3 support chat and ticket: title, text, comments, status. One table for both kinds
 * (`kind`), since they share fields, lists and moves; tickets add an assignee and a priority.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['chat', 'ticket'] }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['new', 'in_work', 'resolved', 'cancelled', 'rejected'] })
      .notNull()
      .default('new'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    micromarketId: integer('micromarket_id').references(() => micromarkets.id, { onDelete: 'set null' }),
    /** The sale it is about; kept as a number (sales are partitioned by nothing here, but never deleted). */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    commentsCount: integer('comments_count').notNull().default(0),
    lastCommentAt: timestamp('last_comment_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_threads_kind_org_status').on(t.kind, t.orgId, t.status, t.updatedAt),
    index('support_threads_customer').on(t.customerId),
  ],
);

export const supportComments = pgTable(
  'support_comments',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ['staff', 'customer'] }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_comments_thread').on(t.threadId, t.id)],
);

/** Each status a conversation entered and when: its history and the time it spent in each. */
export const supportEvents = pgTable(
  'support_events',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['new', 'in_work', 'resolved', 'cancelled', 'rejected'] }).notNull(),
    byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_events_thread').on(t.threadId, t.id)],
);
