import { api, endpointPath, PERMISSION_NAMES, translate } from '@vitrina/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../api-client.js';
import { bombPng } from '../bomb-png.js';
import { createOrganisation } from '../factories/organisations.js';
import { uniqueName } from '../factories/sequence.js';
import { createSignedInUser } from '../factories/users.js';
import { bearer, createTestContext, type TestContext } from '../helper.js';

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
  const orgId = await createOrganisation(ctx.database.db);
  admin = (await createSignedInUser(ctx.database.db, { orgId, permissions: PERMISSION_NAMES })).token;
  const created = await callApi(ctx, api.product.create, {
    token: admin,
    body: { name: 'Bomb target', sell_cost: 100 },
  });
  productId = created.json().id;
});
afterAll(() => ctx.close());

describe('image decompression bombs', () => {
  it('refuses a 16000×16000 PNG as a product picture with 413 and a localised message', async () => {
    const response = await post(
      endpointPath(api.product.uploadImage, { id: productId }),
      form(bomb, 'bomb.png', 'image/png'),
      'it',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'L’immagine è troppo grande: al massimo 40 megapixel',
      fields: { file: 'L’immagine è troppo grande: al massimo 40 megapixel' },
    });
  });

  it('refuses it as a dataset file too, and stores nothing', async () => {
    // Another test of this file may have stored a normal image first (the suite runs shuffled).
    const datasetFiles = async () => (await callApi(ctx, api.dataset.list, { token: admin })).json().total;
    const before = await datasetFiles();
    const response = await post(endpointPath(api.dataset.upload), form(bomb, 'bomb.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The image is too large: at most 40 megapixels');
    expect(await datasetFiles()).toBe(before);
  });

  it('refuses 20 at once without decoding them, while other requests are answered', async () => {
    const bombs = Array.from({ length: 20 }, () =>
      post(endpointPath(api.product.uploadImage, { id: productId }), form(bomb, 'bomb.png', 'image/png')),
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
    const response = await post(endpointPath(api.dataset.upload), form(page, 'clip.mp4', 'video/mp4'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Upload a JPEG, PNG or WebP image or an MP4 video',
      fields: { file: 'Upload a JPEG, PNG or WebP image or an MP4 video' },
    });
  });
});

describe('one pixel limit for every image upload', () => {
  /** Each path that takes an image, with what it needs beside the file; made fresh for each upload. */
  async function uploadPaths(): Promise<{ name: string; url: string; fields?: Record<string, string> }[]> {
    const thread = async (area: 'support' | 'ticket') =>
      (
        await callApi(ctx, api[area].create, {
          token: admin,
          body: { title: uniqueName('Photo'), text: 'See the photo' },
        })
      ).json().id;
    const certificate = await post(
      endpointPath(api.certificate.create),
      form(Buffer.from('%PDF-1.4\n%%EOF\n'), 'first.pdf', 'application/pdf', {
        title: uniqueName('Hygiene'),
        region: 'ua',
      }),
    );
    expect(certificate.statusCode, certificate.body).toBe(200);
    return [
      { name: 'product picture', url: endpointPath(api.product.uploadImage, { id: productId }) },
      { name: 'dataset file', url: endpointPath(api.dataset.upload) },
      {
        name: 'new certificate',
        url: endpointPath(api.certificate.create),
        fields: { title: uniqueName('Cert'), region: 'ua' },
      },
      {
        name: 'certificate file',
        url: endpointPath(api.certificate.replaceFile, { id: certificate.json<{ id: number }>().id }),
      },
      { name: 'support attachment', url: endpointPath(api.support.attach, { id: await thread('support') }) },
      { name: 'ticket attachment', url: endpointPath(api.ticket.attach, { id: await thread('ticket') }) },
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
    const refused = await post(
      endpointPath(api.certificate.create),
      form(bomb, 'bomb.png', 'image/png', { title, region: 'ua' }),
    );
    expect(refused.statusCode).toBe(413);
    // Magic bytes of a PNG with no picture behind them are not an image either.
    const broken = Buffer.concat([bomb.subarray(0, 8), Buffer.from('no picture here')]);
    const notImage = await post(
      endpointPath(api.certificate.create),
      form(broken, 'cert.png', 'image/png', { title, region: 'ua' }),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ message: 'Choose a PDF or a JPEG, PNG or WebP image' });
    const list = await callApi(ctx, api.certificate.list, { token: admin, query: { q: title } });
    expect(list.json().total).toBe(0);
  });
});
