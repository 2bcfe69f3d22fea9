import type { NotificationEvent } from '@vitrina/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { notificationChannels, notificationDeliveries, notificationRules } from '../../src/db/schema/index.js';

/**
 * Routes an organisation's event to one recipient. The channel is inactive, so a job that
 * picks the message up fails it at once without reaching any service: the outbox row is what
 * a test of an event's source reads (sending has its own tests against stand-ins).
 */
export async function routeEvent(db: Db, orgId: number, event: NotificationEvent, recipient = 'duty') {
  const now = new Date();
  const [channel] = await db
    .insert(notificationChannels)
    .values({ orgId, type: 2, name: `Outbox ${event}`, active: false, createdAt: now, updatedAt: now })
    .returning({ id: notificationChannels.id });
  await db.insert(notificationRules).values({ orgId, event, channelId: channel!.id, recipients: [recipient] });
}

/** What the organisation was told of an event, oldest first. */
export function toldOf(db: Db, orgId: number, event: NotificationEvent) {
  return db
    .select({
      recipient: notificationDeliveries.recipient,
      key: notificationDeliveries.dedupeKey,
      subject: notificationDeliveries.subject,
      text: notificationDeliveries.text,
    })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.orgId, orgId), eq(notificationDeliveries.event, event)))
    .orderBy(asc(notificationDeliveries.id));
}
