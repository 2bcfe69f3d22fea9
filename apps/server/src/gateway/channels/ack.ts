import { type TDeviceAck, TECHNICAL_ALERT } from '@vitrina/contract';
import { raiseIncident } from '../../modules/alerts/index.js';
import { finishCommand } from '../../modules/device-commands/index.js';
import { markPriceTagShown, setShelfCalibration, setTilt } from '../../modules/micromarkets/index.js';
import type { Channel, Received } from './channel.js';

/**
 * The ack channel: the device's answer to a command, once (the device-commands module's
 * queue), and what a done command changed on the micromarket (tilt, labels, shelf calibration).
 */
export async function handleAck(channel: Channel, message: TDeviceAck, received: Received) {
  const db = channel.ctx.db;
  const at = new Date(received.receivedAt);
  const finished = await finishCommand(db, {
    id: message.command_id,
    micromarketId: received.device.id,
    status: message.status === 'done' ? 'acknowledged' : 'failed',
    result: message.result ?? null,
    error: message.status === 'failed' ? (message.error ?? 'failed') : null,
    at,
  });
  if (!finished) return;
  channel.event(received, message.status === 'done' ? 'command_acknowledged' : 'command_failed', {
    command_id: message.command_id,
    type: finished.type,
  });
  channel.ctx.live.publish({
    topic: 'micromarket.command',
    org_id: received.device.orgId,
    id: message.command_id,
    data: { micromarket_id: received.device.id, type: finished.type, status: message.status },
  });
  if (finished.type === 'open_door' && message.status === 'failed') {
    // §4 technical analytics type 2: the door did not open on command.
    await raiseIncident(channel.ctx, received.actor, {
      orgId: received.device.orgId,
      micromarketId: received.device.id,
      type: TECHNICAL_ALERT.doorDidNotOpen,
      at,
      details: { command_id: message.command_id, error: message.error ?? 'failed' },
    });
  }
  if (message.status !== 'done') return;
  const result = message.result ?? {};
  if (finished.type === 'accelerometer_check' && typeof result.tilt_degrees === 'number') {
    await setTilt(db, received.device.id, result.tilt_degrees);
  }
  if (finished.type === 'update_price_tags') {
    // The labels now show what the command sent them.
    const sent = (finished.payload.tags ?? []) as { label_code: string; price_minor: number | null }[];
    for (const tag of sent) {
      await markPriceTagShown(db, {
        micromarketId: received.device.id,
        labelCode: tag.label_code,
        priceMinor: tag.price_minor,
        at,
      });
    }
  }
  if (finished.type === 'calibrate_shelf' && typeof result.weight_grams === 'number') {
    const shelf = Number(finished.payload.shelf);
    await setShelfCalibration(db, {
      micromarketId: received.device.id,
      number: shelf,
      grams: Math.round(result.weight_grams),
      at,
    });
  }
}
