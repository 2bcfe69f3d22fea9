import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHANNEL_TYPE } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { notificationChannels } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { channelSecrets } from './stored-channel.js';
import { applyWhatsAppStatus, type StatusUpdate } from './whatsapp-status.js';

/** A token for Meta's webhook subscription handshake (`hub.verify_token`), made per channel. */
export const newVerifyToken = () => randomBytes(24).toString('base64url');

/** Where Meta sends a WhatsApp channel's webhooks (its callback URL in the app's settings). */
export const whatsAppWebhookPath = (channelId: number) => `/v1/notification/whatsapp/webhook/${channelId}`;

async function whatsAppChannel(ctx: ServiceContext, channelId: number) {
  const [channel] = await ctx.db.select().from(notificationChannels).where(eq(notificationChannels.id, channelId));
  if (channel?.type !== CHANNEL_TYPE.whatsapp) throw notFound();
  return channel;
}

/**
 * Meta's subscription handshake: a GET with `hub.mode=subscribe`, the channel's verify token
 * and a challenge, answered with the challenge alone. Anything else is refused (403).
 */
export async function verifyWhatsAppSubscription(
  ctx: ServiceContext,
  channelId: number,
  query: {
    'hub.mode'?: string | undefined;
    'hub.verify_token'?: string | undefined;
    'hub.challenge'?: string | undefined;
  },
): Promise<string> {
  const channel = await whatsAppChannel(ctx, channelId);
  const expected = channel.settings.webhook_verify_token ?? '';
  const given = query['hub.verify_token'] ?? '';
  const matches =
    expected !== '' && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (query['hub.mode'] !== 'subscribe' || !matches || !query['hub.challenge']) {
    throw forbidden('notify.whatsapp_verify_token');
  }
  return query['hub.challenge'];
}

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, in constant time. */
export function isSignedByMeta(rawBody: string, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

type WebhookPayload = {
  object?: string;
  entry?: { changes?: { field?: string; value?: { statuses?: StatusUpdate[] } }[] }[];
};

/**
 * A webhook of the channel's WhatsApp app: verified by its signature with the app secret
 * (401 without a stored secret or with a wrong signature, so Meta retries rather than the
 * event being lost), then each message status applied. Incoming customer messages and other
 * fields are acknowledged and left alone.
 */
export async function receiveWhatsAppWebhook(
  ctx: ServiceContext,
  channelId: number,
  input: { rawBody: string; signature: string | undefined },
): Promise<{ received: true; statuses: number }> {
  const channel = await whatsAppChannel(ctx, channelId);
  const appSecret = channelSecrets(ctx.secrets).open(channel.orgId, channel.sealedSecret).app_secret;
  if (!appSecret) throw new AppError(401, 'notify.whatsapp_no_app_secret');
  if (!isSignedByMeta(input.rawBody, input.signature, appSecret))
    throw new AppError(401, 'notify.whatsapp_bad_signature');
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(input.rawBody) as WebhookPayload;
  } catch {
    throw new AppError(400, 'errors.bad_request');
  }
  let statuses = 0;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const status of change.value?.statuses ?? []) {
        if (typeof status?.id !== 'string' || typeof status.status !== 'string') continue;
        await applyWhatsAppStatus(ctx, channel.id, status);
        statuses += 1;
      }
    }
  }
  return { received: true, statuses };
}
