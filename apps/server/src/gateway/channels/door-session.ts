import { type TDeviceDoorSession, toServerTime } from '@vitrina/contract';
import { checkSessionWeights } from '../../modules/alerts/index.js';
import { readSettings, readThresholds } from '../../modules/micromarkets/index.js';
import { closeSale, openSale, queueSaleStep } from '../../modules/sales/index.js';
import { recordRefusal } from '../../modules/sales-gate/index.js';
import { takeTags } from '../../modules/tags/index.js';
import { explainedGrams, hasSaleOfSession, upsertDoorSession } from '../ingest.repository.js';
import type { Channel, Received } from './channel.js';

/**
 * The door-session channel: a door opened, and closed with what was taken. The session, its
 * tags and a customer's sale are stored together; the weights are checked against the products.
 */
export async function handleDoorSession(channel: Channel, message: TDeviceDoorSession, received: Received) {
  const { ctx } = channel;
  const serverTime = (deviceTime: number) => new Date(toServerTime(deviceTime, received.ts, received.receivedAt));
  const isClosed = message.state === 'closed';
  const closedAt = isClosed ? serverTime(message.closed_at ?? received.ts) : null;
  const codes = isClosed ? [...new Set(message.taken_tags)] : [];
  const isSale = message.kind === 'customer';
  const session = {
    id: message.id,
    micromarketId: received.device.id,
    orgId: received.device.orgId,
    commandId: message.command_id ?? null,
    customerToken: message.customer_token ?? null,
    openedAt: serverTime(message.opened_at),
  };
  // Read before the write (a cached value): the cross-sensor check weighs with the organisation's tolerance.
  const toleranceGrams =
    isClosed && isSale ? (await readThresholds(ctx, received.device.orgId)).weight_tolerance_grams : 0;
  // The session, its tags and its sale are one write: a crash leaves all or none of them.
  const { outcome, taken, sale } = await ctx.db.transaction(async (tx) => {
    const outcome = await upsertDoorSession(tx, {
      id: message.id,
      micromarketId: received.device.id,
      kind: message.kind,
      commandId: session.commandId,
      openedAt: session.openedAt,
      closedAt,
      takenTags: codes,
      detections: isClosed ? message.detections : [],
      weightsBefore: message.weights_before ?? null,
      weightsAfter: isClosed ? (message.weights_after ?? null) : null,
    });
    // A deactivated organisation's session is kept as the device sent it, but starts no sale and no hold.
    const isSelling = isSale && (outcome.isOrgActive || (await hasSaleOfSession(tx, session)));
    const settings = isSelling ? readSettings(outcome.settings) : null;
    if (!isClosed) {
      const sale = outcome.isNew && settings ? await openSale(tx, session, settings) : null;
      return { outcome, taken: 0, sale };
    }
    if (!outcome.closed) return { outcome, taken: 0, sale: null };
    const taken = await takeTags(tx, {
      micromarketId: received.device.id,
      orgId: received.device.orgId,
      codes,
      kind: message.kind,
      at: closedAt!,
    });
    const sale = settings
      ? await closeSale(
          tx,
          {
            ...session,
            closedAt: closedAt!,
            takenTags: codes,
            detections: message.detections,
            weightsBefore: message.weights_before ?? null,
            weightsAfter: message.weights_after ?? null,
          },
          settings,
          { now: closedAt!, toleranceGrams },
        )
      : null;
    return { outcome, taken, sale };
  });
  if (sale) await queueSaleStep(ctx, sale, channel.settleNow);
  if (isSale && outcome.isNew && !outcome.isOrgActive && !sale) {
    const at = new Date(received.receivedAt);
    const reason = 'payment.refusal.organization_inactive';
    await recordRefusal(ctx.db, { micromarketId: received.device.id, reason, at });
  }
  if (!isClosed) {
    if (outcome.isNew) channel.event(received, 'door_session_opened', { session_id: message.id, kind: message.kind });
    return;
  }
  if (!outcome.closed) return;
  channel.event(received, 'door_session_closed', {
    session_id: message.id,
    kind: message.kind,
    taken_tags: taken,
    ...(sale ? { transaction_id: sale.sale.id } : {}),
  });
  if (taken > 0) channel.announce(received.device, { tags_taken: taken });
  // Without the shelves' weights before and after there is nothing to weigh the products against.
  if (!message.weights_before || !message.weights_after) return;
  await checkSessionWeights(ctx, received.actor, {
    micromarketId: received.device.id,
    orgId: received.device.orgId,
    sessionId: message.id,
    weightsBefore: message.weights_before ?? null,
    weightsAfter: message.weights_after ?? null,
    explainedGrams: await explainedGrams(ctx.db, {
      orgId: received.device.orgId,
      codes,
      detections: message.detections,
    }),
    at: closedAt!,
  });
}
