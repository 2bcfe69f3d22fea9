import { CHANNEL_TYPE } from '@vitrina/contract';
import { createOutgoingGuard } from '../../lib/outgoing-address.js';
import {
  type ChannelEndpoints,
  type ChannelMessage,
  type ChannelTarget,
  refused,
  type SendOutcome,
} from './channel-types.js';
import { sendMail } from './mail-client.js';
import { sendTelegram } from './telegram-client.js';
import { DEFAULT_WHATSAPP_API_VERSION, sendWhatsApp } from './whatsapp-client.js';

export type { ChannelEndpoints, ChannelMessage, ChannelTarget, SendOutcome } from './channel-types.js';

export const DEFAULT_CHANNEL_ENDPOINTS: ChannelEndpoints = {
  telegramApiRoot: 'https://api.telegram.org',
  whatsappApiRoot: 'https://graph.facebook.com',
  whatsappApiVersion: DEFAULT_WHATSAPP_API_VERSION,
  outgoing: createOutgoingGuard(),
};

/** Sends one message through a channel; never throws. */
export async function sendThroughChannel(
  endpoints: ChannelEndpoints,
  target: ChannelTarget,
  message: ChannelMessage,
): Promise<SendOutcome> {
  try {
    if (target.type === CHANNEL_TYPE.telegram) return await sendTelegram(endpoints, target, message);
    if (target.type === CHANNEL_TYPE.mail) return await sendMail(endpoints, target, message);
    return await sendWhatsApp(endpoints, target, message);
  } catch (error) {
    return refused(error instanceof Error ? error.message : String(error));
  }
}
