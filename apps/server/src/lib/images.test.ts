import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bombPng } from '../../test/bomb-png.js';
import { createLimiter, encodeImage, ImageRejectedError, MAX_INPUT_PIXELS } from './images.js';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('encodeImage', () => {
  it('refuses a 16000×16000 PNG bomb from its header, before decoding a pixel', async () => {
    const bomb = bombPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await encodeImage(bomb, { keepImage: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).problem).toBe('too_many_pixels');
  });

  it('refuses one pixel over the limit and decodes one at it', async () => {
    const over = bombPng(MAX_INPUT_PIXELS / 4_000 + 1, 4_000);
    await expect(encodeImage(over, { keepImage: false })).rejects.toMatchObject({ problem: 'too_many_pixels' });
    const at = await encodeImage(bombPng(MAX_INPUT_PIXELS / 4_000, 4_000), { keepImage: false });
    const meta = await sharp(at.thumb).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 64]);
  });

  it('makes the picture and its thumbnail from one decode, upright and as WebP', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c81e28' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { image, thumb } = await encodeImage(photo, { keepImage: true });
    const [imageMeta, thumbMeta] = await Promise.all([
      sharp(image ?? Buffer.alloc(0)).metadata(),
      sharp(thumb).metadata(),
    ]);
    // EXIF orientation 6 turns the 2400×1800 landscape into a portrait.
    expect([imageMeta.format, imageMeta.width, imageMeta.height]).toEqual(['webp', 900, 1200]);
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 120, 160]);
    expect((await encodeImage(photo, { keepImage: false })).image).toBeNull();
  });

  it('calls bytes with a PNG signature and nothing behind it undecodable', async () => {
    const fake = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expect(encodeImage(fake, { keepImage: true })).rejects.toMatchObject({ problem: 'undecodable' });
  });
});

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks at once and starts the waiting ones in order', async () => {
    const limiter = createLimiter(2, 10);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.pending).toBe(4);
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limiter.pending).toBe(0);
  });

  it('refuses with 429 once the queue is full, and frees the slot of a failed task', async () => {
    const limiter = createLimiter(1, 1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(async () => 'second');
    await expect(limiter.run(async () => 'third')).rejects.toMatchObject({ status: 429, key: 'upload.busy' });
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'after')).toBe('after');
  });
});
