/**
 * Server time is authoritative. A device time `t` inside a message published at device time
 * `ts` and received at server time `receivedAt` happened `ts − t` before publication, so it
 * maps to `receivedAt − (ts − t)`; never later than the receipt.
 */
export function toServerTime(deviceTime: number, ts: number, receivedAt: number): number {
  return Math.min(receivedAt, receivedAt - (ts - deviceTime));
}
