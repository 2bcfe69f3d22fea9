import { describe, expect, it } from 'vitest';
import { MqttPacketLimit, PacketTooLargeError } from './packet-limit.js';

/** An MQTT packet of `type` with a body of `size` bytes, its remaining length as the varint MQTT uses. */
function packet(size: number, type = 0x30): Buffer {
  const length: number[] = [];
  let left = size;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    length.push(byte);
  } while (left > 0);
  return Buffer.concat([Buffer.from([type, ...length]), Buffer.alloc(size, 7)]);
}

/** Feeds the chunks in order; answers what came through and the error, if any. */
async function feed(limit: MqttPacketLimit, chunks: Buffer[]) {
  const out: Buffer[] = [];
  limit.on('data', (chunk: Buffer) => out.push(chunk));
  const failed = new Promise<Error | null>((resolve) => {
    limit.on('error', resolve);
    limit.on('end', () => resolve(null));
  });
  for (const chunk of chunks) limit.write(chunk);
  limit.end();
  return { error: await failed, bytes: Buffer.concat(out) };
}

describe('MqttPacketLimit', () => {
  it('passes packets up to the limit through unchanged, however the socket splits them', async () => {
    const stream = Buffer.concat([packet(0, 0xc0), packet(127), packet(128), packet(16_384), packet(1000)]);
    const chunks: Buffer[] = [];
    for (let at = 0; at < stream.length; at += 3) chunks.push(stream.subarray(at, at + 3));
    const { error, bytes } = await feed(new MqttPacketLimit(20_000), chunks);
    expect(error).toBeNull();
    expect(bytes.equals(stream)).toBe(true);
  });

  it('fails at the header of a packet over the limit, before its body arrives', async () => {
    const big = packet(70_001).subarray(0, 4);
    const { error, bytes } = await feed(new MqttPacketLimit(70_000), [packet(10), big]);
    expect(error).toBeInstanceOf(PacketTooLargeError);
    expect((error as PacketTooLargeError).remainingLength).toBeGreaterThan(70_000);
    expect(bytes.length).toBe(packet(10).length);
  });

  it('fails on a remaining length of five bytes, which MQTT does not have', async () => {
    const malformed = Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]);
    const { error } = await feed(new MqttPacketLimit(Number.MAX_SAFE_INTEGER), [malformed]);
    expect(error).toBeInstanceOf(PacketTooLargeError);
  });

  it('ends without an error when its socket is torn down for any other reason', async () => {
    // The broker closing a refused login or a DISCONNECT destroys the stream with its own error.
    const limit = new MqttPacketLimit();
    const errors: Error[] = [];
    limit.on('error', (error) => errors.push(error));
    const closed = new Promise((resolve) => limit.on('close', resolve));
    limit.write(packet(10));
    limit.destroy(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    await closed;
    expect(errors).toEqual([]);
  });
});
