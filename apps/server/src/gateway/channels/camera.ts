import type { TDeviceCamera } from '@vitrina/contract';
import { recordDeviceReport } from '../../modules/micromarkets/index.js';
import { NEURO_EVENT } from '../../modules/sales-gate/index.js';
import type { Channel, Received } from './channel.js';

/**
 * The neuro camera connected or dropped: the line the sales gate reads (§8 "no neuro
 * connection"). Written before the message is acknowledged, not with the gathered lines, which
 * a failed batch would lose after the acknowledgement; a failed write is not acknowledged, so
 * the device sends it again.
 */
export async function handleCamera(channel: Channel, message: TDeviceCamera, received: Received) {
  await recordDeviceReport(
    channel.ctx.db,
    {
      actor: received.actor,
      micromarketId: received.device.id,
      kind: NEURO_EVENT,
      details: { connected: message.connected },
      at: new Date(received.receivedAt),
    },
    { boot: message.boot, seq: message.seq },
  );
}
