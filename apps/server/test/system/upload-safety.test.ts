import { translate } from '@vitrina/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng } from '../bomb-png.js';
import { uniqueName } from '../factories/sequence.js';
import { bearer, call, createTestContext, type TestContext } from '../helper.js';

let ctx: TestContext;
let admin: string;
let productId: number;
const bomb = bombPng(16_000, 16_000);

function form(bytes: Uint8Array, filename: string, type: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
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
    // Another test of this file may have stored a normal image first (the suite runs shuffled).
    const datasetFiles = async () =>
      (await call(ctx, 'GET', '/v1/dataset/list', { token: admin })).json<{ total: number }>().total;
    const before = await datasetFiles();
    const response = await post('/v1/dataset/upload', form(bomb, 'bomb.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The image is too large: at most 40 megapixels');
    expect(await datasetFiles()).toBe(before);
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

describe('one pixel limit for every image upload (issue 33)', () => {
  /** Each path that takes an image, with what it needs beside the file; made fresh for each upload. */
  async function uploadPaths(): Promise<{ name: string; url: string; fields?: Record<string, string> }[]> {
    const thread = async (area: 'support' | 'ticket') =>
      (
        await call(ctx, 'POST', `/v1/${area}/create`, {
          token: admin,
          payload: { title: uniqueName('Photo'), text: 'See the photo' },
        })
      ).json<{ id: number }>().id;
    const certificate = await post(
      '/v1/certificate/create',
      form(Buffer.from('%PDF-1.4\n%%EOF\n'), 'first.pdf', 'application/pdf', {
        title: uniqueName('Hygiene'),
        region: 'ua',
      }),
    );
    expect(certificate.statusCode, certificate.body).toBe(200);
    return [
      { name: 'product picture', url: `/v1/product/image/${productId}` },
      { name: 'dataset file', url: '/v1/dataset/upload' },
      { name: 'new certificate', url: '/v1/certificate/create', fields: { title: uniqueName('Cert'), region: 'ua' } },
      { name: 'certificate file', url: `/v1/certificate/file/${certificate.json<{ id: number }>().id}` },
      { name: 'support attachment', url: `/v1/support/attach/${await thread('support')}` },
      { name: 'ticket attachment', url: `/v1/ticket/attach/${await thread('ticket')}` },
    ];
  }

  it('refuses the bomb at each with the same localised message, and takes a normal picture at each', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const message = translate('upload.image_too_many_pixels', 'sk', { megapixels: 40 });
    const paths = await uploadPaths();
    const answers: { name: string; bomb: [number, unknown]; photo: number }[] = [];
    for (const path of paths) {
      const refused = await post(path.url, form(bomb, 'bomb.png', 'image/png', path.fields), 'sk');
      const taken = await post(path.url, form(photo, 'photo.png', 'image/png', path.fields));
      answers.push({ name: path.name, bomb: [refused.statusCode, refused.json()], photo: taken.statusCode });
    }
    expect(answers).toEqual(
      paths.map(({ name }) => ({ name, bomb: [413, { message, fields: { file: message } }], photo: 200 })),
    );
  });

  it('keeps no refused certificate for its public page', async () => {
    const title = uniqueName('Bomb certificate');
    const refused = await post('/v1/certificate/create', form(bomb, 'bomb.png', 'image/png', { title, region: 'ua' }));
    expect(refused.statusCode).toBe(413);
    // Magic bytes of a PNG with no picture behind them are not an image either.
    const broken = Buffer.concat([bomb.subarray(0, 8), Buffer.from('no picture here')]);
    const notImage = await post(
      '/v1/certificate/create',
      form(broken, 'cert.png', 'image/png', { title, region: 'ua' }),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ message: 'Choose a PDF or a JPEG, PNG or WebP image' });
    const list = await call(ctx, 'GET', '/v1/certificate/list', { token: admin, query: { q: title } });
    expect(list.json<{ total: number }>().total).toBe(0);
  });
});
