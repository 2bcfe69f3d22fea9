import { z } from 'zod';
import { listOf, requiredText, searchQuery, storableString, ZId, ZIdQuery, ZPageQuery, ZTimestamp } from './common.js';

/** §3 user group: a name and phone numbers; members are the customers who have them. */
export const ZUserGroup = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  name: z.string(),
  phones_count: z.number().int(),
  /** Phones that belong to a customer of the organisation now. */
  members_count: z.number().int(),
  created_at: ZTimestamp,
});
export type TUserGroup = z.infer<typeof ZUserGroup>;

export const ZCreateUserGroup = z.object({ name: requiredText(120), org_id: ZId.optional() });
export const ZUpdateUserGroup = z.object({ name: requiredText(120) });

export const ZListUserGroupsQuery = ZPageQuery.extend({ q: searchQuery(), org_id: ZIdQuery });
export const ZUserGroupList = listOf(ZUserGroup);
export type TUserGroupList = z.infer<typeof ZUserGroupList>;

/** The most phones one import takes (a pasted list or a CSV's text). */
export const USER_GROUP_IMPORT_MAX_CHARS = 4_000_000;
/** Phones pasted or a CSV file's text: one per line (a `phone` column, else the first). */
export const ZImportUserGroupPhones = z.object({
  text: storableString({ error: 'validation.required' }).max(USER_GROUP_IMPORT_MAX_CHARS, {
    error: 'user_group.import_too_large',
  }),
});
export const ZUserGroupImportReport = z.object({
  /** Valid phones read from the text. */
  read: z.number().int(),
  added: z.number().int(),
  /** Given twice in the text, or already in the group. */
  duplicates: z.number().int(),
  invalid: z.number().int(),
  /** The first few lines that were not a phone number. */
  invalid_examples: z.array(z.string()),
  /** Of the phones read, those no customer of the organisation has yet (they join when one registers). */
  unknown: z.number().int(),
  group: ZUserGroup,
});
export type TUserGroupImportReport = z.infer<typeof ZUserGroupImportReport>;

export const ZUserGroupMember = z.object({
  phone: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
});
export type TUserGroupMember = z.infer<typeof ZUserGroupMember>;
export const ZListUserGroupMembersQuery = ZPageQuery.extend({ q: searchQuery() });
export const ZUserGroupMemberList = listOf(ZUserGroupMember);
export type TUserGroupMemberList = z.infer<typeof ZUserGroupMemberList>;
export const ZRemoveUserGroupPhone = z.object({ phone: storableString().max(20) });
