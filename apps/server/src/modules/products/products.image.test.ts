import { api, endpointPath } from '@vitrina/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, type ApiResponse, callApi, okApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createPlatformAdmin } from '../../../test/factories/users.js';
import { bearer, createTestContext, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function form(bytes: Uint8Array, filename: string, type = 'image/png') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

/**
 * A multipart upload, which the typed client does not send: the address comes from the
 * declaration all the same, and the answer is typed as callApi types it.
 */
async function upload(
  id: number,
  payload: FormData,
  token?: string,
): Promise<ApiResponse<typeof api.product.uploadImage>> {
  const response = await ctx.app.inject({
    method: api.product.uploadImage.method,
    url: endpointPath(api.product.uploadImage, { id }),
    headers: token ? bearer(token) : {},
    payload,
  });
  return Object.assign(response, { error: () => response.json<ApiErrorBody>() }) as ApiResponse<
    typeof api.product.uploadImage
  >;
}

function photo(format: 'png' | 'jpeg') {
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 40 } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A tenant with a product of a maker in main, and one in view-only Kyiv. */
async function imageWorld() {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const makerId = (await okApi(ctx, api.maker.create, { token: operator, body: { name: 'Roshen' } })).id;
  const productId = (
    await okApi(ctx, api.product.create, { token: operator, body: { name: 'Bar', sell_cost: 100, maker_id: makerId } })
  ).id;
  const admin = (await createPlatformAdmin(ctx.database.db, tenant.org.main)).token;
  const kyivProductId = (
    await okApi(ctx, api.product.create, { token: admin, body: { name: 'Bun', sell_cost: 1, org_id: tenant.org.kyiv } })
  ).id;
  return { tenant, org: tenant.org, operator, editor: await tenant.token('editor'), makerId, productId, kyivProductId };
}

describe('POST /v1/product/image/{id}', () => {
  it('stores a WebP image and thumbnail served under /files, replacing the previous files', async () => {
    const { operator, productId } = await imageWorld();
    const first = await upload(productId, form(await photo('png'), 'bar.png'), operator);
    expect(first.statusCode).toBe(200);
    const info = first.json();
    expect(info.image_url).toMatch(/^\/files\/products\/[\w-]+\.webp$/);
    const thumb = await ctx.app.inject({ method: 'GET', url: info.thumb_url ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 120]);

    const second = await upload(productId, form(await photo('jpeg'), 'bar.jpg', 'image/jpeg'), operator);
    expect(second.statusCode).toBe(200);
    expect(second.json().image_url).not.toBe(info.image_url);
    expect((await ctx.app.inject({ method: 'GET', url: info.image_url ?? '' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: info.thumb_url ?? '' })).statusCode).toBe(404);
    const history = await callApi(ctx, api.product.history, { params: { id: productId }, token: operator });
    expect(history.json().items.map((item: { action: string }) => item.action)).toEqual(['image', 'image', 'create']);
  });

  it('gives a copied product its own files', async () => {
    const { org, operator, editor, makerId, productId } = await imageWorld();
    expect((await upload(productId, form(await photo('png'), 'bar.png'), operator)).statusCode).toBe(200);
    const copied = await okApi(ctx, api.product.copy, {
      token: operator,
      body: { org_ids: [org.krakow], maker_ids: [makerId] },
    });
    expect(copied).toMatchObject({ copied: 1 });
    const list = await callApi(ctx, api.product.list, { token: editor });
    const [copy] = list.json().items;
    const original = (await callApi(ctx, api.product.info, { params: { id: productId }, token: operator })).json();
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
    expect(tooLarge.error()).toEqual({
      message: 'Image cannot be larger than 2MB',
      fields: { file: expect.any(String) },
    });
    const text = await upload(productId, form(new TextEncoder().encode('just some text'), 'photo.png'), operator);
    expect(text.statusCode).toBe(400);
    expect(text.error().message).toBe('Upload a JPEG, PNG or WebP image');
    // JSON where the endpoint takes multipart.
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
    const before = (await callApi(ctx, api.product.info, { params: { id: productId }, token: operator })).json();
    const response = await callApi(ctx, api.product.deleteImage, { params: { id: productId }, token: operator });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ image_url: null, thumb_url: null });
    expect((await ctx.app.inject({ method: 'GET', url: before.image_url ?? '' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: before.thumb_url ?? '' })).statusCode).toBe(404);
  });

  it('answers 400, 403 view-only and 404', async () => {
    const { operator, editor, productId, kyivProductId } = await imageWorld();
    expect((await callApi(ctx, api.product.deleteImage, { params: { id: 'x' }, token: operator })).statusCode).toBe(
      400,
    );
    expect(
      (await callApi(ctx, api.product.deleteImage, { params: { id: kyivProductId }, token: operator })).statusCode,
    ).toBe(403);
    expect((await callApi(ctx, api.product.deleteImage, { params: { id: productId }, token: editor })).statusCode).toBe(
      404,
    );
  });
});
