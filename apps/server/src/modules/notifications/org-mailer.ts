import type { ChannelType } from '@vitrina/contract';
import { CHANNEL_TYPE } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationChannels } from '../../db/schema/index.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { ChannelEndpoints, ChannelMessage } from './channel-clients.js';
import { sendThroughStoredChannel } from './stored-channel.js';

export type OrgChannelDeps = { db: Db; secrets: SecretBox; endpoints: ChannelEndpoints };

/** What happened to a message sent through the organisation's own channel. */
export type OrgChannelOutcome =
  | { status: 'sent'; channelId: number; providerMessageId: string | null }
  | { status: 'none' }
  | { status: 'refused'; channelId: number; error: string };

/**
 * Sends one message through the organisation's own active channel of a type (the oldest, if
 * several). Answers `sent` (with the service's id for it), `none` when it has no such
 * channel, or the service's refusal.
 */
export async function sendThroughOrgChannel(
  deps: OrgChannelDeps,
  orgId: number,
  type: ChannelType,
  message: ChannelMessage,
): Promise<OrgChannelOutcome> {
  const [channel] = await deps.db
    .select()
    .from(notificationChannels)
    .where(
      and(
        eq(notificationChannels.orgId, orgId),
        eq(notificationChannels.type, type),
        eq(notificationChannels.active, true),
      ),
    )
    .orderBy(asc(notificationChannels.id))
    .limit(1);
  if (!channel) return { status: 'none' };
  const outcome = await sendThroughStoredChannel(deps.secrets, deps.endpoints, channel, message);
  return outcome.ok
    ? { status: 'sent', channelId: channel.id, providerMessageId: outcome.providerMessageId }
    : { status: 'refused', channelId: channel.id, error: outcome.error };
}

/**
 * Invitation and password-reset mail go out through the organisation's own Mail channel when
 * it has an active one (the oldest, if several); otherwise, or when its server refuses, they go
 * to the default mailer (the outbox), so a link is never lost.
 */
export function orgMailer(fallback: Mailer, deps: OrgChannelDeps & { onRefused?: (error: string) => void }): Mailer {
  return {
    async send(mail) {
      if (mail.orgId !== undefined) {
        const outcome = await sendThroughOrgChannel(deps, mail.orgId, CHANNEL_TYPE.mail, {
          recipient: mail.to,
          subject: mail.subject,
          text: mail.body,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        if (outcome.status === 'sent') return;
        if (outcome.status === 'refused') deps.onRefused?.(outcome.error);
      }
      await fallback.send(mail);
    },
  };
}
