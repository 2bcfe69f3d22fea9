import type { TDeviceHello } from '@vitrina/contract';
import type { Channel, Received } from './channel.js';

/**
 * The hello and heartbeat channels: the device is alive, and says who it is (firmware,
 * addresses). A hello starts a session: whatever waits for the device is sent it.
 */
export async function handleHello(channel: Channel, message: TDeviceHello, received: Received, isHello: boolean) {
  const hasIdentity = [message.ip, message.mac, message.firmware, message.platform].some((v) => v !== undefined);
  if (!isHello && !hasIdentity) {
    // A bare heartbeat only says the device is alive: written with the next flush.
    channel.states.touch(received.device.id, new Date(received.receivedAt));
    return;
  }
  const wasOffline = await channel.markOnline({
    micromarketId: received.device.id,
    at: new Date(received.receivedAt),
    identity: { ip: message.ip, mac: message.mac, firmware: message.firmware, platform: message.platform },
    ...(isHello ? { session: { boot: message.boot, seq: message.seq } } : {}),
  });
  if (wasOffline) {
    channel.event(received, 'connected', { firmware: message.firmware ?? null, boot: message.boot });
    channel.announce(received.device, { connection: 'online' });
    await channel.backOnline(received.device, received.receivedAt);
  }
  if (isHello) await channel.onHello(received.device);
}
