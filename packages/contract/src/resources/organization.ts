import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../enums.js';
import { CURRENCIES } from '../locales.js';
import { isTimeZone } from '../time-zone.js';
import { ZEmail } from './auth.js';
import {
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  ZId,
  ZMoney,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';
import { ZPhone } from './user.js';

/** What a picker needs to know of an organisation the caller can see. */
export const ZOrganizationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  currency: z.enum(CURRENCIES),
  time_zone: z.string(),
  /** 2 for the caller's own organisation and edit links, 1 for view-only links. */
  access_level: z.union([z.literal(1), z.literal(2)]),
});
export const ZOrganizationOptions = z.object({ items: z.array(ZOrganizationOption) });
export type TOrganizationOptions = z.infer<typeof ZOrganizationOptions>;

/** An organisation (spec §3): its type, fiscal number, currency, subscription price and contacts. */
export const ZOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  /** The main organisation a sub-organisation belongs to. */
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  fiscal_number: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The organisation's clock (IANA): scheduled messages and monthly limits are read in it. */
  time_zone: z.string(),
  /** Monthly subscription price per micromarket, minor units of `currency`. */
  subscription_price: z.number().int(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  users_count: z.number().int(),
  micromarkets_count: z.number().int(),
  /** The caller's access: 2 to edit, 1 view only. */
  access_level: z.union([z.literal(1), z.literal(2)]),
  created_at: ZTimestamp,
});
export type TOrganization = z.infer<typeof ZOrganization>;

const organizationFields = {
  name: requiredText(200),
  fiscal_number: nullableText(40),
  contact_name: nullableText(200),
  contact_phone: z.union([ZPhone, z.literal('').transform(() => null), z.null()]).optional(),
  contact_email: z.union([ZEmail, z.literal('').transform(() => null), z.null()]).optional(),
  address: nullableText(300),
  /** Only the platform sets the price and the currency (the server refuses anyone else). */
  subscription_price: ZMoney.optional(),
  currency: z.enum(CURRENCIES, { error: 'validation.required' }).optional(),
  /** Without it a new organisation takes its currency's zone (DEFAULT_TIME_ZONE). */
  time_zone: z.string().refine(isTimeZone, { error: 'validation.time_zone' }).optional(),
};

export const ZCreateOrganization = z.object({
  ...organizationFields,
  type: z.enum(ORGANIZATION_TYPES).default('main'),
  /** A sub-organisation's main organisation, which then sees it at `access_level`. */
  parent_id: ZId.nullable().optional(),
  access_level: z.union([z.literal(1), z.literal(2)]).default(2),
});
export const ZUpdateOrganization = z.object(organizationFields).partial();

export const ZListOrganizationsQuery = ZPageQuery.extend({
  q: searchQuery(),
  type: optionalQuery(z.enum(ORGANIZATION_TYPES)),
  active: ZQueryBoolean,
});
export const ZOrganizationList = listOf(ZOrganization);
export type TOrganizationList = z.infer<typeof ZOrganizationList>;

/** Access of `grantee` to the rows of `owner` (spec §3 sub-organisation link). */
export const ZOrganizationLink = z.object({
  owner_org_id: z.number().int(),
  owner_name: z.string(),
  grantee_org_id: z.number().int(),
  grantee_name: z.string(),
  access_level: z.union([z.literal(1), z.literal(2)]),
  created_at: ZTimestamp,
});
export type TOrganizationLink = z.infer<typeof ZOrganizationLink>;
export const ZOrganizationLinks = z.object({
  /** Organisations whose rows this one sees: its sub-organisations. */
  sub_organizations: z.array(ZOrganizationLink),
  /** Organisations that see this one's rows. */
  shared_with: z.array(ZOrganizationLink),
  /** Whether the caller may grant, change and revoke these links. */
  can_manage: z.boolean(),
});
export type TOrganizationLinks = z.infer<typeof ZOrganizationLinks>;

/** Give organisation `:id` access to the rows of `sub_org_id`, or change that access. */
export const ZGrantOrganizationLink = z.object({
  sub_org_id: ZId,
  access_level: z.union([z.literal(1), z.literal(2)], { error: 'validation.access_level' }),
});
export const ZRevokeOrganizationLink = z.object({ sub_org_id: ZId });
