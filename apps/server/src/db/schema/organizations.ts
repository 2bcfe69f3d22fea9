import {
  type AnyPgColumn,
  boolean,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['main', 'sub'] })
    .notNull()
    .default('main'),
  parentId: integer('parent_id').references((): AnyPgColumn => organizations.id),
  fiscalNumber: text('fiscal_number'),
  currency: text('currency', { enum: ['UAH', 'PLN', 'EUR'] })
    .notNull()
    .default('UAH'),
  /** The organisation's clock (IANA): scheduled push messages and monthly limits are read in it. */
  timeZone: text('time_zone').notNull().default('Europe/Kyiv'),
  /** Monthly subscription price per micromarket, in minor units of `currency`. */
  subscriptionPriceMinor: integer('subscription_price_minor').notNull().default(0),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  address: text('address'),
  /** A deactivated organisation's users cannot sign in; its rows stay. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `granteeOrgId` may see (level 1) or see and edit (level 2) the rows of `ownerOrgId`. */
export const organizationAccess = pgTable(
  'organization_access',
  {
    id: serial('id').primaryKey(),
    ownerOrgId: integer('owner_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    granteeOrgId: integer('grantee_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accessLevel: smallint('access_level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('organization_access_pair').on(t.ownerOrgId, t.granteeOrgId)],
);
