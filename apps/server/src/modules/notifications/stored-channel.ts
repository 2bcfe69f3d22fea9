import type { ChannelType } from '@vitrina/contract';
import type { notificationChannels } from '../../db/schema/index.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { type ChannelEndpoints, type ChannelMessage, sendThroughChannel } from './channel-clients.js';

/** The channels' sealed secrets (bound to the organisation that owns each channel). */
export const channelSecrets = (secrets: SecretBox) =>
  sealedCredentials<{ secret?: string }>(secrets, 'notification-channel');

type StoredChannel = Pick<typeof notificationChannels.$inferSelect, 'orgId' | 'type' | 'settings' | 'sealedSecret'>;

/**
 * Sends one message through a stored channel, its secret opened for this call only: the
 * delivery job, the test send and the organisation's mailer all come through here. Answers
 * null when the service took it, else what it said.
 */
export function sendThroughStoredChannel(
  secrets: SecretBox,
  endpoints: ChannelEndpoints,
  channel: StoredChannel,
  message: ChannelMessage,
): Promise<string | null> {
  const secret = channelSecrets(secrets).open(channel.orgId, channel.sealedSecret).secret ?? '';
  return sendThroughChannel(
    endpoints,
    { type: channel.type as ChannelType, settings: channel.settings, secret },
    message,
  );
}
