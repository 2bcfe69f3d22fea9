import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories/tenant.js';
import { bearer, call, createTestContext, ok, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Info = { id: number; name: string; image_url: string | null; thumb_url: string | null };

function form(bytes: Uint8Array, filename: string, type = 'image/png') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

function upload(id: number, payload: FormData, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/product/image/${id}`,
    headers: token ? bearer(token) : {},
    payload,
  });
}

function photo(format: 'png' | 'jpeg') {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 40 } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A tenant with a product of a maker in main, and one in view-only Kyiv. */
async function imageWorld() {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const makerId = (await ok<Info>(ctx, operator, '/v1/maker/create', { name: 'Roshen' })).id;
  const productId = (
    await ok<Info>(ctx, operator, '/v1/product/create', { name: 'Bar', sell_cost: 100, maker_id: makerId })
  ).id;
  const admin = await ctx.login('admin');
  const kyivProductId = (
    await ok<Info>(ctx, admin, '/v1/product/create', { name: 'Bun', sell_cost: 1, org_id: tenant.org.kyiv })
  ).id;
  return { tenant, org: tenant.org, operator, editor: await tenant.token('editor'), makerId, productId, kyivProductId };
}

describe('POST /v1/product/image/{id}', () => {
  it('stores a WebP image and thumbnail served under /files, replacing the previous files', async () => {
    const { operator, productId } = await imageWorld();
    const first = await upload(productId, form(await photo('png'), 'bar.png'), operator);
    expect(first.statusCode).toBe(200);
    const info = first.json<Info>();
    expect(info.image_url).toMatch(/^\/files\/products\/[\w-]+\.webp$/);
    const thumb = await ctx.app.inject({ method: 'GET', url: info.thumb_url ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 120]);

    const second = await upload(productId, form(await photo('jpeg'), 'bar.jpg', 'image/jpeg'), operator);
    expect(second.statusCode).toBe(200);
    expect(second.json<Info>().image_url).not.toBe(info.image_url);
    expect((await ctx.app.inject({ method: 'GET', url: info.image_url ?? '' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: info.thumb_url ?? '' })).statusCode).toBe(404);
    const history = await call(ctx, 'GET', `/v1/product/history/${productId}`, { token: operator });
    expect(history.json().items.map((item: { action: string }) => item.action)).toEqual(['image', 'image', 'create']);
  });

  it('gives a copied product its own files', async () => {
    const { org, operator, editor, makerId, productId } = await imageWorld();
    expect((await upload(productId, form(await photo('png'), 'bar.png'), operator)).statusCode).toBe(200);
    const copied = await ok(ctx, operator, '/v1/product/copy', { org_ids: [org.krakow], maker_ids: [makerId] });
    expect(copied).toMatchObject({ copied: 1 });
    const list = await call(ctx, 'GET', '/v1/product/list', { token: editor });
    const [copy] = list.json().items as Info[];
    const original = (await call(ctx, 'GET', `/v1/product/info/${productId}`, { token: operator })).json<Info>();
    expect(copy?.image_url).toMatch(/^\/files\/products\//);
    expect(copy?.image_url).not.toBe(original.image_url);
    expect((await ctx.app.inject({ method: 'GET', url: copy?.thumb_url ?? '' })).statusCode).toBe(200);
  });

  it('refuses an image over 2 MB with 413 and a text file named .png with 400', async () => {
    const { operator, productId } = await imageWorld();
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await upload(productId, form(big, 'big.png'), operator);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      message: 'Image cannot be larger than 2MB',
      fields: { file: expect.any(String) },
    });
    const text = await upload(productId, form(new TextEncoder().encode('just some text'), 'photo.png'), operator);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Upload a JPEG, PNG or WebP image');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/v1/product/image/${productId}`,
      headers: bearer(operator),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['file']);
  });

  it('answers 400 for a bad id, 403 view-only and 404', async () => {
    const { operator, editor, productId, kyivProductId } = await imageWorld();
    const png = await photo('png');
    expect((await upload(0, form(png, 'a.png'), operator)).statusCode).toBe(400);
    expect((await upload(kyivProductId, form(png, 'a.png'), operator)).statusCode).toBe(403);
    expect((await upload(productId, form(png, 'a.png'), editor)).statusCode).toBe(404);
  });
});

describe('POST /v1/product/image/delete/{id}', () => {
  it('removes the image and its files', async () => {
    const { operator, productId } = await imageWorld();
    expect((await upload(productId, form(await photo('png'), 'bar.png'), operator)).statusCode).toBe(200);
    const before = (await call(ctx, 'GET', `/v1/product/info/${productId}`, { token: operator })).json<Info>();
    const response = await call(ctx, 'POST', `/v1/product/image/delete/${productId}`, { token: operator });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ image_url: null, thumb_url: null });
    expect((await ctx.app.inject({ method: 'GET', url: before.image_url ?? '' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: before.thumb_url ?? '' })).statusCode).toBe(404);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, productId, kyivProductId } = await imageWorld();
    const url = `/v1/product/image/delete/${productId}`;
    expect((await call(ctx, 'POST', '/v1/product/image/delete/x', { token: operator })).statusCode).toBe(400);
    expect((await call(ctx, 'POST', `/v1/product/image/delete/${kyivProductId}`, { token: operator })).statusCode).toBe(
      403,
    );
    expect((await call(ctx, 'POST', url, { token: editor })).statusCode).toBe(404);
  });
});
