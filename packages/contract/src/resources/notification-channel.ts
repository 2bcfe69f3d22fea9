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
  /**
   * WhatsApp: the approved templates messages go out as (free-form text reaches only customers
   * who wrote within 24 hours): an authentication template for sign-in codes (the code is its
   * parameter) and a utility template with one body parameter for notifications, each with its
   * language code.
   */
  code_template: z.string().nullable(),
  code_template_language: z.string().nullable(),
  notice_template: z.string().nullable(),
  notice_template_language: z.string().nullable(),
  /** WhatsApp: the callback URL and verify token to enter in the Meta app's webhook settings. */
  webhook_url: z.string().nullable(),
  webhook_verify_token: z.string().nullable(),
  /** The secret, masked (`••••1234`), or null when none is stored. */
  secret: z.string().nullable(),
  /** WhatsApp: the Meta app secret that signs its webhooks, masked. */
  app_secret: z.string().nullable(),
  last_test_at: ZTimestamp.nullable(),
  /** Why the last test failed; null after a test that went through. */
  last_test_error: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TNotificationChannel = z.infer<typeof ZNotificationChannel>;

/** Meta's template names: lowercase letters, digits and underscores. */
const ZTemplateName = z.union([
  storableString().regex(/^[a-z0-9_]{1,512}$/, { error: 'channel.template_name' }),
  z.literal(''),
]);
/** Meta's template language codes: `en`, `uk`, `en_US`, `pt_BR`… */
const ZTemplateLanguage = z.union([
  storableString().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'channel.template_language' }),
  z.literal(''),
]);

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
  code_template: ZTemplateName.optional(),
  code_template_language: ZTemplateLanguage.optional(),
  notice_template: ZTemplateName.optional(),
  notice_template_language: ZTemplateLanguage.optional(),
  /** Empty or absent keeps the stored secret. */
  secret: text(500).optional(),
  /** WhatsApp: the Meta app secret; empty or absent keeps the stored one. */
  app_secret: text(200).optional(),
};

/** What a channel of each type cannot work without (the secret on creation only: later, empty keeps it). */
const REQUIRED: Record<ChannelType, readonly (keyof typeof channelFields)[]> = {
  1: ['secret'],
  2: ['host', 'port', 'from_address'],
  3: ['phone_number_id', 'secret', 'notice_template', 'notice_template_language'],
};

/** A template name and its language go together. */
const TEMPLATE_PAIRS = [
  ['code_template', 'code_template_language'],
  ['notice_template', 'notice_template_language'],
] as const;

export const ZCreateNotificationChannel = z
  .object({ ...channelFields, org_id: ZId.optional(), type: ZChannelType })
  .superRefine((value, issue) => {
    for (const field of REQUIRED[value.type]) {
      if (value[field] === undefined || value[field] === '' || value[field] === null) {
        issue.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
      }
    }
    for (const [name, language] of TEMPLATE_PAIRS) {
      if (value[name] && !value[language]) {
        issue.addIssue({ code: 'custom', path: [language], message: 'validation.required' });
      }
    }
  });

/** The type stays; the rest may change. */
export const ZUpdateNotificationChannel = z.object(channelFields).partial();

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

/** Meta's subscription handshake (GET on the callback URL). */
export const ZWhatsAppVerifyQuery = z.object({
  'hub.mode': storableString().max(40).optional(),
  'hub.verify_token': storableString().max(200).optional(),
  'hub.challenge': storableString().max(200).optional(),
});
export const ZWhatsAppWebhookReceived = z.object({ received: z.literal(true), statuses: z.number().int() });
