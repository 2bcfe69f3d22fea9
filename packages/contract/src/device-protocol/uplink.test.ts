import { describe, expect, it } from 'vitest';
import { DEVICE_UPLINK_SCHEMAS } from './uplink.js';

const ENVELOPE = { v: 1, ts: 1_700_000_000_000, boot: 1, seq: 1 };
const COMMAND = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const BAD = ['a\u0000b', 'a\ud800b', '\udc00'];

/** Every string a device can send, with a clean message it sits in. */
const CASES: { channel: keyof typeof DEVICE_UPLINK_SCHEMAS; message: (bad: string) => object }[] = [
  { channel: 'hello', message: (bad) => ({ ...ENVELOPE, firmware: bad }) },
  { channel: 'hello', message: (bad) => ({ ...ENVELOPE, platform: bad }) },
  { channel: 'heartbeat', message: (bad) => ({ ...ENVELOPE, firmware: bad }) },
  { channel: 'ack', message: (bad) => ({ ...ENVELOPE, command_id: COMMAND, status: 'failed', error: bad }) },
  { channel: 'ack', message: (bad) => ({ ...ENVELOPE, command_id: COMMAND, status: 'done', result: { [bad]: 1 } }) },
  {
    channel: 'ack',
    message: (bad) => ({ ...ENVELOPE, command_id: COMMAND, status: 'done', result: { tags: [{ code: bad }] } }),
  },
  { channel: 'inventory', message: (bad) => ({ ...ENVELOPE, tags: [bad] }) },
  {
    channel: 'door-session',
    message: (bad) => ({
      ...ENVELOPE,
      id: COMMAND,
      state: 'opened',
      kind: 'customer',
      opened_at: 1,
      customer_token: bad,
    }),
  },
];

describe('device uplink strings', () => {
  it('refuses a NUL or a lone surrogate in every string of every message, and takes the clean ones', () => {
    for (const { channel, message } of CASES) {
      const schema = DEVICE_UPLINK_SCHEMAS[channel];
      expect(schema.safeParse(message('clean-text_1')).success, channel).toBe(true);
      for (const bad of BAD) {
        expect(schema.safeParse(message(bad)).success, `${channel} ${JSON.stringify(message(bad))}`).toBe(false);
      }
    }
  });

  it('says why, with the message key the server translates', () => {
    const parsed = DEVICE_UPLINK_SCHEMAS.hello.safeParse({ ...ENVELOPE, firmware: 'a\u0000' });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['firmware'], message: 'validation.text_chars' }),
    ]);
  });
});
