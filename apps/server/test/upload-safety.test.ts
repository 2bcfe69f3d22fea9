import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng } from './bomb-png.js';
import { bearer, call, createTestContext, type TestContext } from './helper.js';

let ctx: TestContext;
let admin: string;
let productId: number;
const bomb = bombPng(16_000, 16_000);

function form(bytes: Uint8Array, filename: string, type: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

function post(url: string, payload: FormData, lang = 'en') {
  return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(admin), lang }, payload });
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const created = await call(ctx, 'POST', '/v1/product/create', {
    token: admin,
    payload: { name: 'Bomb target', sell_cost: 100 },
  });
  productId = created.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

describe('image decompression bombs', () => {
  it('refuses a 16000×16000 PNG as a product picture with 413 and a localised message', async () => {
    const response = await post(`/v1/product/image/${productId}`, form(bomb, 'bomb.png', 'image/png'), 'it');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'L’immagine è troppo grande: al massimo 40 megapixel',
      fields: { file: 'L’immagine è troppo grande: al massimo 40 megapixel' },
    });
  });

  it('refuses it as a dataset file too, and stores nothing', async () => {
    const response = await post('/v1/dataset/upload', form(bomb, 'bomb.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The image is too large: at most 40 megapixels');
    const list = await call(ctx, 'GET', '/v1/dataset/list', { token: admin });
    expect(list.json<{ total: number }>().total).toBe(0);
  });

  it('refuses 20 at once without decoding them, while other requests are answered', async () => {
    const bombs = Array.from({ length: 20 }, () =>
      post(`/v1/product/image/${productId}`, form(bomb, 'bomb.png', 'image/png')),
    );
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const statuses = (await Promise.all(bombs)).map((response) => response.statusCode);
    expect(statuses).toEqual(Array(20).fill(413));
  });
});

describe('dataset videos', () => {
  it('refuses an HTML page with ftyp at offset 4', async () => {
    const page = Buffer.from('<htmftypisom<script>alert(document.cookie)</script></html>');
    const response = await post('/v1/dataset/upload', form(page, 'clip.mp4', 'video/mp4'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Upload a JPEG, PNG or WebP image or an MP4 video',
      fields: { file: 'Upload a JPEG, PNG or WebP image or an MP4 video' },
    });
  });
});
