import type { ChannelType } from '@vitrina/contract';
import type { notificationChannels } from '../../db/schema/index.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { type ChannelEndpoints, type ChannelMessage, type SendOutcome, sendThroughChannel } from './channel-clients.js';

/**
 * The channels' sealed secrets (bound to the organisation that owns each channel): the bot
 * token, SMTP password or WhatsApp access token, and for WhatsApp the app secret Meta signs its
 * webhooks with.
 */
export type ChannelSecrets = { secret?: string; app_secret?: string };
export const channelSecrets = (secrets: SecretBox) =>
  sealedCredentials<ChannelSecrets>(secrets, 'notification-channel');

type StoredChannel = Pick<typeof notificationChannels.$inferSelect, 'orgId' | 'type' | 'settings' | 'sealedSecret'>;

/**
 * Sends one message through a stored channel, its secret opened for this call only: the
 * delivery job, the test send, the sign-in codes and the organisation's mailer all come
 * through here.
 */
export function sendThroughStoredChannel(
  secrets: SecretBox,
  endpoints: ChannelEndpoints,
  channel: StoredChannel,
  message: ChannelMessage,
): Promise<SendOutcome> {
  const secret = channelSecrets(secrets).open(channel.orgId, channel.sealedSecret).secret ?? '';
  return sendThroughChannel(
    endpoints,
    { type: channel.type as ChannelType, settings: channel.settings, secret },
    message,
  );
}
