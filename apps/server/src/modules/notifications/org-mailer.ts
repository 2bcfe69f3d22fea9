import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationChannels } from '../../db/schema/index.js';
import type { Mailer } from '../../lib/mailer.js';
import { type SecretBox, sealedCredentials } from '../../lib/secrets.js';
import { type ChannelEndpoints, sendThroughChannel } from './channel-clients.js';

/**
 * Invitation and password-reset mail go out through the organisation's own Mail channel when
 * it has an active one (the oldest, if several); otherwise, or when its server refuses, they go
 * to the default mailer (the outbox), so a link is never lost.
 */
export function orgMailer(
  fallback: Mailer,
  deps: { db: Db; secrets: SecretBox; endpoints: ChannelEndpoints; onRefused?: (error: string) => void },
): Mailer {
  return {
    async send(mail) {
      if (mail.orgId !== undefined) {
        const [channel] = await deps.db
          .select()
          .from(notificationChannels)
          .where(
            and(
              eq(notificationChannels.orgId, mail.orgId),
              eq(notificationChannels.type, 2),
              eq(notificationChannels.active, true),
            ),
          )
          .orderBy(asc(notificationChannels.id))
          .limit(1);
        if (channel) {
          const secret =
            sealedCredentials<{ secret?: string }>(deps.secrets, 'notification-channel').open(
              channel.orgId,
              channel.sealedSecret,
            ).secret ?? '';
          const error = await sendThroughChannel(
            deps.endpoints,
            { type: 2, settings: channel.settings, secret },
            { recipient: mail.to, subject: mail.subject, text: mail.body },
          );
          if (error === null) return;
          deps.onRefused?.(error);
        }
      }
      await fallback.send(mail);
    },
  };
}
