import { z } from 'zod';
import { NOTIFICATION_CHANNEL_TYPE } from '../enums.js';
import {
  listOf,
  optionalQuery,
  requiredText,
  storableString,
  text,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZTimestamp,
} from './common.js';

/** §4 channel types: 1 Telegram (a bot), 2 Mail (SMTP), 3 WhatsApp (Cloud API). */
export const CHANNEL_TYPE_CODES = NOTIFICATION_CHANNEL_TYPE.map((row) => row.code) as [1, 2, 3];
export type ChannelType = (typeof CHANNEL_TYPE_CODES)[number];
const ZChannelType = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'channel.type' });

/**
 * A notification channel. Its secret (the bot token, the SMTP password, the WhatsApp access
 * token) is stored sealed and only ever shown masked.
 */
export const ZNotificationChannel = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  type: ZChannelType,
  name: z.string(),
  active: z.boolean(),
  /** Mail: the SMTP server. */
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  /** Mail: TLS from the first byte (port 465) rather than STARTTLS. */
  secure: z.boolean(),
  /** Mail: the SMTP login. */
  username: z.string().nullable(),
  /** Mail: the sender address. */
  from_address: z.string().nullable(),
  /** WhatsApp: the Cloud API phone number id the messages go out from. */
  phone_number_id: z.string().nullable(),
  /** The secret, masked (`••••1234`), or null when none is stored. */
  secret: z.string().nullable(),
  last_test_at: ZTimestamp.nullable(),
  /** Why the last test failed; null after a test that went through. */
  last_test_error: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

const ZPort = z.int({ error: 'channel.port' }).min(1, { error: 'channel.port' }).max(65_535, { error: 'channel.port' });
const ZFromAddress = z.email({ error: 'validation.email' }).max(254);

const channelFields = {
  name: requiredText(120),
  host: text(253).optional(),
  port: ZPort.nullable().optional(),
  secure: z.boolean().optional(),
  username: text(254).optional(),
  from_address: z.union([ZFromAddress, z.literal('')]).optional(),
  phone_number_id: z
    .union([storableString().regex(/^\d{5,30}$/, { error: 'channel.phone_number_id' }), z.literal('')])
    .optional(),
  /** Empty or absent keeps the stored secret. */
  secret: text(500).optional(),
};

/** What a channel of each type cannot work without (the secret on creation only: later, empty keeps it). */
const REQUIRED: Record<ChannelType, readonly (keyof typeof channelFields)[]> = {
  1: ['secret'],
  2: ['host', 'port', 'from_address'],
  3: ['phone_number_id', 'secret'],
};

export const ZCreateNotificationChannel = z
  .object({ ...channelFields, org_id: ZId.optional(), type: ZChannelType })
  .superRefine((value, issue) => {
    for (const field of REQUIRED[value.type]) {
      if (value[field] === undefined || value[field] === '' || value[field] === null) {
        issue.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
      }
    }
  });
export type TCreateNotificationChannel = z.input<typeof ZCreateNotificationChannel>;

/** The type stays; the rest may change. */
export const ZUpdateNotificationChannel = z.object(channelFields).partial();
export type TUpdateNotificationChannel = z.input<typeof ZUpdateNotificationChannel>;

export const ZListNotificationChannelsQuery = ZPageQuery.extend({
  org_id: ZIdQuery,
  type: optionalQuery(z.coerce.number().pipe(ZChannelType)),
});
export const ZNotificationChannelList = listOf(ZNotificationChannel);
export type TNotificationChannelList = z.infer<typeof ZNotificationChannelList>;

/** Where the test message goes: a Telegram chat id, an email address or a phone (E.164 digits). */
export const ZChannelTest = z.object({ recipient: requiredText(254) });
export const ZChannelTestResult = z.object({
  ok: z.boolean(),
  /** The service's own answer when it refused. */
  error: z.string().nullable(),
  channel: ZNotificationChannel,
});
export type TChannelTestResult = z.infer<typeof ZChannelTestResult>;
