import { api, endpointPath } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiErrorBody, type ApiResponse, callApi } from '../../../test/api-client.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { bearer, call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, datasetFiles } from '../../db/schema/index.js';

/** ftyp (brand mp42), then an empty moov and a small mdat: the server checks the box structure whole. */
function smallMp4(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.alloc(12),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('moov'),
    Buffer.from([0, 0, 0, 0x48]),
    Buffer.from('mdat'),
    Buffer.alloc(64),
  ]);
}

let ctx: TestContext;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

/** A tenant with a file in view-only Kyiv, and Krakow's catalogue manager (who sees only Krakow). */
async function datasetWorld() {
  const tenant = await createTenant(ctx.database.db);
  const [row] = await ctx.database.db
    .insert(datasetFiles)
    .values({
      orgId: tenant.org.kyiv,
      type: 'image',
      tags: ['side'],
      fileKey: `dataset/kyiv-${tenant.org.kyiv}.png`,
      originalName: 'kyiv.png',
      size: 10,
      mimeType: 'image/png',
    })
    .returning({ id: datasetFiles.id });
  return {
    tenant,
    org: tenant.org,
    operator: await tenant.token('operator'),
    krakow: await tenant.token('catalogueManager'),
    kyivFileId: row!.id,
  };
}

type Part = { bytes: Uint8Array; name: string; type: string };

/**
 * A multipart upload, which the typed client does not send: the address comes from the
 * declaration all the same, and the answer is typed as callApi types it.
 */
async function upload(
  token: string | null,
  file: Part | null,
  fields: Record<string, string> = {},
  lang?: string,
): Promise<ApiResponse<typeof api.dataset.upload>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await ctx.app.inject({
    method: api.dataset.upload.method,
    url: endpointPath(api.dataset.upload),
    headers: { ...(token ? bearer(token) : {}), ...(lang ? { lang } : {}) },
    payload: form,
  });
  return Object.assign(response, { error: () => response.json<ApiErrorBody>() }) as ApiResponse<
    typeof api.dataset.upload
  >;
}

const pngPart = (): Part => ({ bytes: png, name: 'shelf.png', type: 'image/png' });

describe('POST /v1/dataset/upload', () => {
  it('stores a PNG as uploaded with a thumbnail, both served under /files', async () => {
    const { org, operator } = await datasetWorld();
    const response = await upload(operator, pngPart(), { tags: 'purchase_top,view_front' });
    expect(response.statusCode).toBe(200);
    const file = response.json();
    expect(file).toMatchObject({
      org_id: org.main,
      type: 'image',
      tags: ['purchase_top', 'view_front'],
      original_name: 'shelf.png',
      size: png.length,
      mime_type: 'image/png',
    });
    expect(file.url).toMatch(/^\/files\/dataset\/[A-Za-z0-9_-]+\.png$/);
    expect(file.thumb_url).toMatch(/^\/files\/dataset\/[A-Za-z0-9_-]+\.webp$/);

    const original = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(png)).toBe(true);
    const thumb = await ctx.app.inject({ method: 'GET', url: file.thumb_url! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 120]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dataset_file'), eq(auditLog.entityId, String(file.id))));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('stores an MP4 video without a thumbnail, into an editable sub-organisation', async () => {
    const { org, operator } = await datasetWorld();
    const mp4 = smallMp4();
    const response = await upload(
      operator,
      { bytes: mp4, name: 'door.mp4', type: 'video/mp4' },
      { tags: 'double_purchase', org_id: String(org.krakow) },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      org_id: org.krakow,
      type: 'video',
      thumb_url: null,
      mime_type: 'video/mp4',
    });
    expect(response.json().url).toMatch(/\.mp4$/);
  });

  it('answers 413 over 2 MB and 400 for text dressed as a JPEG or a missing file', async () => {
    const { operator } = await datasetWorld();
    const token = operator;
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(token, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.error().message).toBe('The file must be under 2 MB');
    const text = await upload(token, { bytes: Buffer.from('just some text'), name: 'photo.jpg', type: 'image/jpeg' });
    expect(text.statusCode).toBe(400);
    expect(text.error().fields).toEqual({ file: 'Upload a JPEG, PNG or WebP image or an MP4 video' });
    const missing = await upload(token, null, { tags: 'side' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.error().fields!)).toEqual(['file']);
  });

  it('answers 400 naming the field for unknown tags or a bad organisation', async () => {
    const { operator: token } = await datasetWorld();
    const tags = await upload(token, pngPart(), { tags: 'purchase_top,flying' });
    expect(tags.statusCode).toBe(400);
    expect(Object.keys(tags.error().fields!)).toEqual(['tags.1']);
    const org = await upload(token, pngPart(), { org_id: 'main' });
    expect(Object.keys(org.error().fields!)).toEqual(['org_id']);
  });

  it('answers 403 view-only and 404 for an invisible organisation', async () => {
    const { org, operator, krakow } = await datasetWorld();
    const viewOnly = await upload(operator, pngPart(), { org_id: String(org.kyiv) });
    expect(viewOnly.statusCode).toBe(403);
    expect((await upload(krakow, pngPart(), { org_id: String(org.main) })).statusCode).toBe(404);
  });
});

describe('GET /v1/dataset/list', () => {
  it('lists the visible files, filtered by tag, type and organisation', async () => {
    const { org, operator, krakow } = await datasetWorld();
    expect((await upload(operator, pngPart(), { tags: 'purchase_top,view_front' })).statusCode).toBe(200);
    const mp4 = smallMp4();
    const video = { bytes: mp4, name: 'door.mp4', type: 'video/mp4' };
    expect((await upload(operator, video, { org_id: String(org.krakow) })).statusCode).toBe(200);
    const token = operator;
    const list = async (query: Record<string, string>) => {
      const response = await callApi(ctx, api.dataset.list, { token, query });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.items.map((item: { original_name: string }) => item.original_name)).toEqual([
      'door.mp4',
      'shelf.png',
      'kyiv.png',
    ]);
    expect((await list({ tag: 'view_front' })).items.map((i: { type: string }) => i.type)).toEqual(['image']);
    expect((await list({ type: 'video' })).total).toBe(1);
    expect((await list({ org_id: String(org.kyiv) })).total).toBe(1);
    expect(
      (await list({ per_page: '1', page: '2' })).items.map((i: { original_name: string }) => i.original_name),
    ).toEqual(['shelf.png']);
    const own = await callApi(ctx, api.dataset.list, { token: krakow });
    expect(own.json().items.map((i: { original_name: string }) => i.original_name)).toEqual(['door.mp4']);
  });

  it('answers 400 naming the field', async () => {
    const { krakow } = await datasetWorld();
    const bad = await callApi(ctx, api.dataset.list, { token: krakow, query: { tag: 'nope', type: 'audio' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!).sort()).toEqual(['tag', 'type']);
  });
});

/** An image of the tenant's main organisation tagged `side`, and its stored files' URLs. */
async function uploadSide(operator: string) {
  const response = await upload(operator, pngPart(), { tags: 'side' });
  const file = response.json();
  return { fileId: file.id, urls: [file.url, file.thumb_url] };
}

describe('POST /v1/dataset/update/{id} and /v1/dataset/delete/{id}', () => {
  it('replaces the tags and audits the change', async () => {
    const { operator } = await datasetWorld();
    const { fileId } = await uploadSide(operator);
    const response = await callApi(ctx, api.dataset.update, {
      params: { id: fileId },
      token: operator,
      body: { tags: ['covered', 'showcase', 'covered'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tags).toEqual(['covered', 'showcase']);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update'), eq(auditLog.entityId, String(fileId))));
    expect(audit).toMatchObject({ entity: 'dataset_file', before: { tags: ['side'] } });
  });

  it('answers 400, 403 view-only and 404 on update', async () => {
    const { operator, krakow, kyivFileId } = await datasetWorld();
    const { fileId } = await uploadSide(operator);
    // A tag the contract does not know.
    const bad = await call(ctx, 'POST', `/v1/dataset/update/${fileId}`, {
      token: operator,
      payload: { tags: ['flying'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['tags.0']);
    expect(
      (await callApi(ctx, api.dataset.update, { params: { id: fileId }, token: krakow, body: { tags: [] } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(ctx, api.dataset.update, { params: { id: kyivFileId }, token: operator, body: { tags: [] } }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 400, 403 view-only and 404 on delete, keeping the file', async () => {
    const { operator, krakow, kyivFileId } = await datasetWorld();
    const { fileId, urls } = await uploadSide(operator);
    expect((await callApi(ctx, api.dataset.delete, { params: { id: 'x' }, token: operator })).statusCode).toBe(400);
    expect((await callApi(ctx, api.dataset.delete, { params: { id: fileId }, token: krakow })).statusCode).toBe(404);
    expect((await callApi(ctx, api.dataset.delete, { params: { id: kyivFileId }, token: operator })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(200);
  });

  it('deletes the row and its stored files', async () => {
    const { operator } = await datasetWorld();
    const { fileId, urls } = await uploadSide(operator);
    const response = await callApi(ctx, api.dataset.delete, { params: { id: fileId }, token: operator });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    for (const url of urls) expect((await ctx.app.inject({ method: 'GET', url: url! })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(datasetFiles).where(eq(datasetFiles.id, fileId))).toEqual([]);
  });
});
