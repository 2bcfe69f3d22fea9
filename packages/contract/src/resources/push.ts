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

/**
 * Firebase Cloud Messaging's reserved data keys (its ErrorCode reference and message-type
 * guide): `from`, `notification`, `message_type` and any key starting `google` or `gcm`.
 */
export const FCM_RESERVED_DATA_KEYS = ['from', 'notification', 'message_type'] as const;
export const FCM_RESERVED_DATA_PREFIXES = ['google', 'gcm'] as const;
/** Data keys the push adapter sets on every message itself. */
export const PUSH_OWN_DATA_KEYS = ['message_id', 'action'] as const;
/** FCM's limit on a message's payload (the notification's title and body, the data's keys and values). */
export const PUSH_PAYLOAD_MAX_BYTES = 4096;
/** Room kept for the `message_id` entry the adapter adds (the key and up to 12 digits). */
const MESSAGE_ID_BYTES = 'message_id'.length + 12;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export function isReservedDataKey(key: string): boolean {
  return (
    (FCM_RESERVED_DATA_KEYS as readonly string[]).includes(key) ||
    FCM_RESERVED_DATA_PREFIXES.some((prefix) => key.startsWith(prefix))
  );
}

/**
 * A message's payload as FCM counts it, field by field in the form's order, with the bytes the
 * adapter adds: answers the total and the first field past the limit (null when within it).
 */
export function pushPayloadSize(message: {
  title: string;
  body: string;
  action?: string | null | undefined;
  extra?: Record<string, string> | undefined;
}): { bytes: number; overField: 'title' | 'body' | 'action' | 'extra' | null } {
  const fields = [
    ['title', MESSAGE_ID_BYTES + utf8Bytes(message.title)],
    ['body', utf8Bytes(message.body)],
    ['action', message.action ? utf8Bytes('action') + utf8Bytes(message.action) : 0],
    ['extra', Object.entries(message.extra ?? {}).reduce((sum, [k, v]) => sum + utf8Bytes(k) + utf8Bytes(v), 0)],
  ] as const;
  let bytes = 0;
  let overField: 'title' | 'body' | 'action' | 'extra' | null = null;
  for (const [field, size] of fields) {
    bytes += size;
    if (overField === null && bytes > PUSH_PAYLOAD_MAX_BYTES) overField = field;
  }
  return { bytes, overField };
}

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
    for (const key of Object.keys(value.extra)) {
      if (isReservedDataKey(key)) {
        issue.addIssue({ code: 'custom', path: ['extra', key], message: 'push.extra_reserved', params: { key } });
      } else if ((PUSH_OWN_DATA_KEYS as readonly string[]).includes(key)) {
        issue.addIssue({ code: 'custom', path: ['extra', key], message: 'push.extra_own', params: { key } });
      }
    }
    const size = pushPayloadSize(value);
    if (size.overField) {
      issue.addIssue({
        code: 'custom',
        path: [size.overField],
        message: 'push.payload_too_large',
        params: { bytes: size.bytes, max: PUSH_PAYLOAD_MAX_BYTES },
      });
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
