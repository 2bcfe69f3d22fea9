import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { ZEmail, ZPassword } from './auth.js';
import {
  INT4_MAX,
  listOf,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  text,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';

export const ZPhone = storableString()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{7,15}$/, { error: 'validation.phone' }));

const ZUserType = z.union([z.literal(1), z.literal(2)]);
const ZPushLimit = z.number().int().min(0).max(1000);

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phones: z.array(z.string()),
  user_type: ZUserType,
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
  /** The organisation's currency: the bonuses are minor units of it. */
  currency: z.string(),
  bonuses: z.number().int(),
  push_limit_important: z.number().int(),
  push_limit_unimportant: z.number().int(),
  lang: z.enum(LOCALES),
  active: z.boolean(),
  /** false while an invited user has not completed registration. */
  registered: z.boolean(),
  last_login_at: ZTimestamp.nullable(),
  /** When the customer last bought (their newest sale opened); null for none. */
  last_purchase_at: ZTimestamp.nullable(),
  /** Whether their organisation has blocked the customer from its cabinets (`/v1/user/block/{id}`). */
  blocked: z.boolean(),
  created_at: ZTimestamp,
});
export type TUser = z.infer<typeof ZUser>;

const userFields = {
  name: requiredText(120),
  email: ZEmail,
  phones: z.array(ZPhone).max(5).default([]),
  user_type: ZUserType.default(2),
  role_id: ZId.nullable().default(null),
  org_id: ZId,
  push_limit_important: ZPushLimit.default(10),
  push_limit_unimportant: ZPushLimit.default(4),
  lang: z.enum(LOCALES).default('en'),
};

/** Without a password the user is invited: a registration link is mailed to them. */
export const ZCreateUser = z.object({ ...userFields, password: ZPassword.optional() });
export type TCreateUser = z.input<typeof ZCreateUser>;

export const ZCreateUserResponse = ZUser.extend({
  /** The registration link, so the operator can hand it over when mail is not set up. */
  invitation_link: z.string().nullable(),
});

export const ZUpdateUser = z
  .object({
    name: userFields.name,
    email: userFields.email,
    phones: z.array(ZPhone).max(5),
    user_type: ZUserType,
    role_id: ZId.nullable(),
    org_id: userFields.org_id,
    push_limit_important: ZPushLimit,
    push_limit_unimportant: ZPushLimit,
    lang: z.enum(LOCALES),
    active: z.boolean(),
    password: ZPassword,
  })
  .partial();
export type TUpdateUser = z.input<typeof ZUpdateUser>;

export const USER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'created_at',
  '-created_at',
  'last_login_at',
  '-last_login_at',
  'bonuses',
  '-bonuses',
] as const;

export const ZListUsersQuery = ZPageQuery.extend({
  q: searchQuery(),
  role_id: ZIdQuery,
  org_id: ZIdQuery,
  user_type: optionalQuery(z.coerce.number().pipe(ZUserType)),
  active: ZQueryBoolean,
  sort: optionalQuery(z.enum(USER_SORTS)),
});
export type TListUsersQuery = z.input<typeof ZListUsersQuery>;
/**
 * A row of the user list: the user, and whether the caller may change them (edit, disable,
 * re-invite), judged by the server's own rule so the panel offers only what it will accept.
 */
export const ZUserListItem = ZUser.extend({ can_edit: z.boolean() });
export type TUserListItem = z.infer<typeof ZUserListItem>;
export const ZUserList = listOf(ZUserListItem);

/** The report takes the list's filters without paging. */
export const ZUserReportQuery = ZListUsersQuery.omit({ page: true, per_page: true });

export const ZUserLookupParam = z.object({ value: text(254).min(1) });

/** §4 bonus operations: 1 top up the bonus account, 2 withdraw. */
export const BONUS_OPERATIONS = [1, 2] as const;
const ZBonusOperation = z.union([z.literal(1), z.literal(2)], { error: 'validation.required' });

/** One row of a customer's bonus ledger. A sale's row names the sale (`transaction_id`). */
export const ZBonusHistoryItem = z.object({
  id: z.number().int(),
  operation: ZBonusOperation,
  amount_minor: z.number().int(),
  /** An operator's words, or the code of an automatic row (`purchase` for a sale's payment). */
  reason: z.string(),
  transaction_id: z.number().int().nullable(),
  created_by_id: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TBonusHistoryItem = z.infer<typeof ZBonusHistoryItem>;

/** The balance (the ledger's sum) in the customer's organisation's currency, and the ledger, newest first. */
export const ZBonusHistory = listOf(ZBonusHistoryItem).extend({
  balance_minor: z.number().int(),
  currency: z.string(),
  /** Whether the caller may top up or withdraw for this customer. */
  can_change: z.boolean(),
});
export type TBonusHistory = z.infer<typeof ZBonusHistory>;

/** The web makes one key per open form, so a double click books once. */
export const ZBonusChange = z.object({
  operation: ZBonusOperation,
  amount_minor: z
    .int({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(INT4_MAX, { error: 'validation.money' }),
  reason: requiredText(500),
  idempotency_key: z.uuid({ error: 'errors.bad_request' }),
});

export const ZBonusChangeResult = z.object({ balance_minor: z.number().int(), operation: ZBonusHistoryItem });
export type TBonusChangeResult = z.infer<typeof ZBonusChangeResult>;

/**
 * A customer blocked from the cabinets of their organisation (the operators' blacklist): the
 * micromarkets refuse them with §8's "blocked from the cabinet" until they are unblocked.
 */
export const ZCustomerBlock = z.object({
  reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TCustomerBlock = z.infer<typeof ZCustomerBlock>;

/** Whether the customer is blocked (null: not blocked), and whether the caller may block or unblock them. */
export const ZCustomerBlockState = z.object({ block: ZCustomerBlock.nullable(), can_change: z.boolean() });
export type TCustomerBlockState = z.infer<typeof ZCustomerBlockState>;

/** Blocking needs a reason: the customer may ask why the door stays shut. */
export const ZBlockCustomer = z.object({ reason: requiredText(500) });
