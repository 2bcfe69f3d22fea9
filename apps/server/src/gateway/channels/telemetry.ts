import type { TDeviceTelemetry } from '@vitrina/contract';
import { applyTemperature } from '../../modules/alerts/index.js';
import type { Channel, Received } from './channel.js';

/**
 * The telemetry channel: a sample (temperature, door, weights, tilt) gathered for the
 * telemetry batch, the device's live state, and the temperature's alarms.
 */
export async function handleTelemetry(channel: Channel, message: TDeviceTelemetry, received: Received) {
  const at = new Date(received.receivedAt);
  const { states } = channel;
  channel.telemetry.add({
    micromarketId: received.device.id,
    at,
    temperature: message.temperature ?? null,
    defrosting: message.defrosting ?? null,
    doorOpen: message.door === undefined ? null : message.door === 'open',
    // A shelf without a scale stays NULL inside the array.
    weights: (message.weights as number[] | undefined) ?? null,
    tilt: message.tilt ?? null,
  });
  const memory = await states.memoryOf(received.device);
  const before = { door: memory.door, temperature: memory.temperature };
  states.applyTelemetry(received.device.id, at, {
    temperature: message.temperature,
    defrosting: message.defrosting,
    door: message.door,
    tilt: message.tilt,
    weights: message.weights,
  });
  if (message.door && before.door !== message.door) {
    channel.event(received, message.door === 'open' ? 'door_opened' : 'door_closed');
  }
  channel.announce(received.device, {
    connection: 'online',
    ...(message.temperature === undefined ? {} : { temperature: message.temperature }),
    ...(message.door === undefined ? {} : { door: message.door }),
    ...(message.defrosting === undefined ? {} : { defrosting: message.defrosting }),
  });
  if (typeof message.temperature === 'number') {
    const verdict = await applyTemperature(channel.ctx, received.actor, {
      micromarket: {
        id: received.device.id,
        orgId: received.device.orgId,
        temperature: before.temperature,
        overheatSince: memory.overheatSince,
        lockedAt: memory.lockedAt,
      },
      temperature: message.temperature,
      at,
    });
    memory.overheatSince = verdict.overheatSince;
    if (verdict.lock) memory.lockedAt = at;
  }
}
