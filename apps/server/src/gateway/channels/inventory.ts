import type { TDeviceInventory } from '@vitrina/contract';
import { placeTags } from '../../modules/tags/index.js';
import { recordInventory } from '../ingest.repository.js';
import type { Channel, Received } from './channel.js';

/** The inventory channel: the tags a scan found in the cabinet are placed in it. */
export async function handleInventory(channel: Channel, message: TDeviceInventory, received: Received) {
  const scan = {
    micromarketId: received.device.id,
    orgId: received.device.orgId,
    codes: [...new Set(message.tags)],
    at: new Date(received.receivedAt),
  };
  const placed = await placeTags(channel.ctx.db, scan);
  await recordInventory(channel.ctx.db, scan);
  if (placed === 0) return;
  channel.event(received, 'tags_placed', { count: placed });
  // The card's products on sale follow the stock, as its other tabs follow the live state.
  channel.announce(received.device, { tags_placed: placed });
}
