import type { ChannelType } from '@vitrina/contract';
import { CHANNEL_TYPE } from '@vitrina/contract';
import { Api, GrammyError, HttpError } from 'grammy';
import nodemailer from 'nodemailer';
import type { ChannelSettings } from '../../db/schema/index.js';

/** Where the outside services are (tests point them at local stand-ins). */
export type ChannelEndpoints = {
  /** Telegram's Bot API root (https://api.telegram.org). */
  telegramApiRoot: string;
  /** WhatsApp Cloud API base with its version (https://graph.facebook.com/v21.0). */
  whatsappApiBase: string;
};

export const DEFAULT_CHANNEL_ENDPOINTS: ChannelEndpoints = {
  telegramApiRoot: 'https://api.telegram.org',
  whatsappApiBase: 'https://graph.facebook.com/v21.0',
};

export type ChannelMessage = { recipient: string; subject: string; text: string };
export type ChannelTarget = { type: ChannelType; settings: ChannelSettings; secret: string };

const TIMEOUT_MS = 10_000;

/** A Telegram bot's message to a chat (grammY's Bot API client). */
async function sendTelegram(endpoints: ChannelEndpoints, target: ChannelTarget, message: ChannelMessage) {
  const api = new Api(target.secret, { apiRoot: endpoints.telegramApiRoot, timeoutSeconds: TIMEOUT_MS / 1000 });
  const body = message.subject ? `${message.subject}\n\n${message.text}` : message.text;
  await api.sendMessage(message.recipient, body);
}

/** A mail through the organisation's SMTP server (Nodemailer). */
async function sendMail(target: ChannelTarget, message: ChannelMessage) {
  const { host, port, secure, username, from_address: from } = target.settings;
  const transport = nodemailer.createTransport({
    host: host ?? undefined,
    port: port ?? undefined,
    secure: secure ?? false,
    auth: username ? { user: username, pass: target.secret } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: from ?? undefined,
      to: message.recipient,
      subject: message.subject,
      text: message.text,
    });
  } finally {
    transport.close();
  }
}

/**
 * A WhatsApp Cloud API text message. Meta publishes no maintained Node client for the Cloud
 * API, and the call is one JSON POST, so it is made with fetch.
 */
async function sendWhatsApp(endpoints: ChannelEndpoints, target: ChannelTarget, message: ChannelMessage) {
  const to = message.recipient.replace(/[^\d]/g, '');
  const response = await fetch(`${endpoints.whatsappApiBase}/${target.settings.phone_number_id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to,
      type: 'text',
      text: { body: message.subject ? `${message.subject}\n\n${message.text}` : message.text },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(answer?.error?.message ?? `WhatsApp answered ${response.status}`);
  }
}

/** Sends one message; answers null when the service took it, else what it said. */
export async function sendThroughChannel(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<string | null> {
  try {
    if (target.type === CHANNEL_TYPE.telegram) await sendTelegram(endpoints, target, message);
    else if (target.type === CHANNEL_TYPE.mail) await sendMail(target, message);
    else await sendWhatsApp(endpoints, target, message);
    return null;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    if (error instanceof HttpError) return `Telegram could not be reached: ${error.message}`;
    return error instanceof Error ? error.message : String(error);
  }
}
