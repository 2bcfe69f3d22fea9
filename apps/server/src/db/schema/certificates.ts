import { date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** §3 certificate (document): a file customers may read on a public page by its slug. */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    /** §9 certificate regions: all, ua, pl, md. */
    region: text('region', { enum: ['all', 'ua', 'pl', 'md'] })
      .notNull()
      .default('all'),
    /** Last day it is valid (inclusive); null: no end. */
    activeTo: date('active_to'),
    slug: text('slug').notNull(),
    fileKey: text('file_key').notNull(),
    fileType: text('file_type').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificates_slug').on(t.slug)],
);
