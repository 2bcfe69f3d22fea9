import type { ChannelType, MessageKey } from '@vitrina/contract';
import type { ChannelSettings } from '../../db/schema/index.js';
import type { OutgoingGuard } from '../../lib/outgoing-address.js';

/** Where the outside services are (tests point them at local stand-ins). */
export type ChannelEndpoints = {
  /** Telegram's Bot API root (https://api.telegram.org). */
  telegramApiRoot: string;
  /** The Graph API's root (https://graph.facebook.com), without the version. */
  whatsappApiRoot: string;
  /** The Graph API version the WhatsApp calls name (WHATSAPP_API_VERSION). */
  whatsappApiVersion: string;
  /**
   * Certificates the SMTP client trusts instead of the system's (PEM); unset: the system's.
   * Tests pass their SMTP stand-in's self-signed one.
   */
  smtpCa?: string | undefined;
  /** Checks the addresses organisations configure (the SMTP host) before anything connects to them. */
  outgoing: OutgoingGuard;
};

/**
 * One message to one recipient. `kind` says what it is, for the channels that send each kind
 * differently: WhatsApp sends a sign-in code as the channel's authentication template (the
 * code its parameter) and anything else as its notice template.
 */
export type ChannelMessage = {
  recipient: string;
  subject: string;
  text: string;
  kind?: 'notice' | 'sign_in_code';
  /** A sign-in code's digits (kind `sign_in_code`). */
  code?: string;
  /** Telegram: parts of a long message an earlier attempt already sent. */
  partsSent?: number;
  /** Mail only: files sent with it (a scheduled report's CSV or XLSX). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** The channel's own settings and its secrets, opened for one call. */
export type ChannelTarget = {
  type: ChannelType;
  settings: ChannelSettings;
  secret: string;
};

/**
 * What a service answered. Sent: with the service's id for the message when it gives one
 * (WhatsApp's `wamid`, whose delivery its webhooks report later). Refused: its words, whether
 * trying again can help (`permanent` when not), how long it asked to be left alone, and for
 * a message sent in parts how many went.
 */
export type SendOutcome =
  | { ok: true; providerMessageId: string | null; parts: number }
  | {
      ok: false;
      error: string;
      permanent: boolean;
      retryAfterMs: number | null;
      partsSent: number;
      /** What the caller is told instead of `error`, in its language (an organisation's address: no oracle). */
      messageKey?: MessageKey;
    };

export const refused = (
  error: string,
  options: { permanent?: boolean; retryAfterMs?: number | null; partsSent?: number; messageKey?: MessageKey } = {},
): SendOutcome => ({
  ok: false,
  error,
  permanent: options.permanent ?? false,
  retryAfterMs: options.retryAfterMs ?? null,
  partsSent: options.partsSent ?? 0,
  ...(options.messageKey ? { messageKey: options.messageKey } : {}),
});
