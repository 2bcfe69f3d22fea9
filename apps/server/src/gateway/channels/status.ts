import type { TDeviceStatus } from '@vitrina/contract';
import type { SystemActor } from '../../lib/actor.js';
import { tellFleetIncident } from '../../modules/alerts/index.js';
import { markOfflineBySession } from '../../modules/micromarkets/index.js';
import type { KnownDevice } from '../device-directory.js';
import type { Channel } from './channel.js';

/** The status channel: the device's goodbye (or its broker's last will) for one session. */
export async function handleStatus(
  channel: Channel,
  device: KnownDevice,
  actor: SystemActor,
  message: TDeviceStatus,
  receivedAt: number,
) {
  const outcome = await markOfflineBySession(channel.ctx.db, {
    micromarketId: device.id,
    boot: message.boot,
    seq: message.seq,
  });
  if (outcome === 'stale') return channel.stats.reject('stale_status');
  channel.stats.accepted += 1;
  if (outcome === 'offline') {
    channel.event({ device, actor, receivedAt, ts: receivedAt }, 'disconnected', { boot: message.boot });
    channel.announce(device, { connection: 'offline' });
    await tellFleetIncident(channel.ctx, {
      orgId: device.orgId,
      micromarketId: device.id,
      kind: 'offline',
      details: { last_activity_at: new Date(receivedAt).toISOString() },
      at: new Date(receivedAt),
      key: `offline:${device.id}:${receivedAt}`,
    }).catch(() => 0);
  }
}
