import { z } from 'zod';
import {
  idList,
  listOf,
  nullableText,
  optionalQuery,
  requiredText,
  searchQuery,
  storableString,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';
import { ZPhone } from './user.js';

/** §3 push message: important messages and unimportant ones count against separate monthly limits. */
export const PUSH_IMPORTANCES = ['important', 'unimportant'] as const;
export type PushImportance = (typeof PUSH_IMPORTANCES)[number];
/** §3 recipients: every customer of the organisation, members of groups, one customer, or a phone. */
export const PUSH_AUDIENCES = ['all', 'groups', 'user', 'phone'] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];
/** The queue's states: waiting for its time, going out in batches, done, given up, or called off. */
export const PUSH_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** At most this many extra data entries travel with a message to the customer app. */
export const PUSH_EXTRA_MAX = 20;
/** A message may be scheduled at most this far ahead. */
export const PUSH_SCHEDULE_MAX_DAYS = 365;

export const ZPushMessage = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  /** The organisation's clock, in which `send_at` was chosen and the monthly limits are counted. */
  time_zone: z.string(),
  importance: z.enum(PUSH_IMPORTANCES),
  title: z.string(),
  body: z.string(),
  /** What the customer app does when the message is tapped (a screen or link). */
  action: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  audience: z.enum(PUSH_AUDIENCES),
  group_ids: z.array(z.number().int()),
  group_names: z.array(z.string()),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  phone: z.string().nullable(),
  send_at: ZTimestamp,
  status: z.enum(PUSH_STATUSES),
  /** Customers the audience held when the message was queued (the send reads it again). */
  recipients: z.number().int(),
  delivered: z.number().int(),
  /** Recipients over their monthly limit for this importance: not sent, counted here. */
  skipped_limit: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: ZTimestamp,
  started_at: ZTimestamp.nullable(),
  finished_at: ZTimestamp.nullable(),
  cancelled_at: ZTimestamp.nullable(),
});
export type TPushMessage = z.infer<typeof ZPushMessage>;

const extraKey = storableString().trim().min(1, { error: 'validation.required' }).max(40);
const extraValue = storableString().max(500);

/**
 * A new message. `send_at` is a wall time (`YYYY-MM-DDTHH:mm`) on the organisation's clock;
 * without it the message goes now. Only the audience's own field is read.
 */
export const ZCreatePushMessage = z
  .object({
    org_id: ZId.optional(),
    importance: z.enum(PUSH_IMPORTANCES, { error: 'validation.required' }),
    title: requiredText(100),
    body: requiredText(1000),
    action: nullableText(300),
    extra: z
      .record(extraKey, extraValue)
      .refine((value) => Object.keys(value).length <= PUSH_EXTRA_MAX, { error: 'push.extra_too_many' })
      .default({}),
    audience: z.enum(PUSH_AUDIENCES, { error: 'validation.required' }),
    group_ids: idList(50).default([]),
    user_id: ZId.nullable().optional(),
    phone: z.union([ZPhone, z.literal('').transform(() => null), z.null()]).optional(),
    send_at: z
      .union([storableString().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'validation.datetime' }), z.null()])
      .optional(),
  })
  .superRefine((value, issue) => {
    if (value.audience === 'groups' && value.group_ids.length === 0) {
      issue.addIssue({ code: 'custom', path: ['group_ids'], message: 'push.groups_required' });
    }
    if (value.audience === 'user' && !value.user_id) {
      issue.addIssue({ code: 'custom', path: ['user_id'], message: 'push.user_required' });
    }
    if (value.audience === 'phone' && !value.phone) {
      issue.addIssue({ code: 'custom', path: ['phone'], message: 'push.phone_required' });
    }
  });
export type TCreatePushMessage = z.input<typeof ZCreatePushMessage>;

/** What the form shows before sending: who it reaches and when, on the organisation's clock. */
export const ZPushPreview = z.object({
  recipients: z.number().int(),
  /** Of them, customers already at this month's limit for the importance (they would be skipped now). */
  over_limit: z.number().int(),
  send_at: ZTimestamp,
  time_zone: z.string(),
});
export type TPushPreview = z.infer<typeof ZPushPreview>;

export const ZListPushMessagesQuery = ZPageQuery.extend({
  q: searchQuery(),
  org_id: ZIdQuery,
  status: optionalQuery(z.enum(PUSH_STATUSES)),
});
export const ZPushMessageList = listOf(ZPushMessage);
export type TPushMessageList = z.infer<typeof ZPushMessageList>;

/** A customer the form can address alone: found by name, email or phone. */
export const ZPushRecipient = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
});
export const ZPushRecipientsQuery = z.object({ org_id: ZIdQuery, q: searchQuery() });
export const ZPushRecipientOptions = z.object({ items: z.array(ZPushRecipient) });
export type TPushRecipientOptions = z.infer<typeof ZPushRecipientOptions>;
