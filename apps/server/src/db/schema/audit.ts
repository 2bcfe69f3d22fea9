import { bigserial, index, inet, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every change made through the admin API: who, what, before, after, when (DESIGN §3). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    /** The role the actor worked as, when it was not their own. */
    actingRoleId: integer('acting_role_id'),
    orgId: integer('org_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    /** http, device, job or webhook (the Actor's `via`). */
    via: text('via').notNull().default('http'),
    /** What acted when it was not a user: a device serial, a job name, a provider. */
    actorLabel: text('actor_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity').on(t.entity, t.entityId, t.createdAt), index('audit_org').on(t.orgId, t.createdAt)],
);

/** Mail that left through the default mailer: the outbox is the record of what was sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** Files sent with it (a scheduled report's CSV or XLSX), content in base64. */
  attachments: jsonb('attachments').$type<{ filename: string; content_type: string; content_base64: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
