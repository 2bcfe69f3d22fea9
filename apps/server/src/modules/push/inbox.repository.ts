import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerPushDevices, pushDeliveries } from '../../db/schema/index.js';

/**
 * The customer app's side of the push tables (its inbox and its installations), written here
 * so the push tables have one writer.
 */

/** Marks one delivered message of the customer's read, the first time only. */
export async function markPushRead(db: Db, read: { id: number; userId: number; at: Date }): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ readAt: read.at })
    .where(
      and(
        eq(pushDeliveries.id, read.id),
        and(eq(pushDeliveries.userId, read.userId), eq(pushDeliveries.status, 'delivered')),
        isNull(pushDeliveries.readAt),
      ),
    );
}

/** Keeps an installation's push token for the customer who signed in on it last. */
export async function keepPushDevice(
  db: Db,
  device: { userId: number; token: string; platform: (typeof customerPushDevices.$inferInsert)['platform']; at: Date },
): Promise<void> {
  await db
    .insert(customerPushDevices)
    .values({
      userId: device.userId,
      token: device.token,
      platform: device.platform,
      createdAt: device.at,
      lastSeenAt: device.at,
    })
    .onConflictDoUpdate({
      target: customerPushDevices.token,
      set: { userId: device.userId, platform: device.platform, lastSeenAt: device.at },
    });
}
