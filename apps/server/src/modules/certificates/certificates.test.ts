import { api, endpointPath, type TCertificate } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { bearer, createTestContext, type TestContext } from '../../../test/helper.js';
import { TestClock } from '../../lib/clock.js';

/** Issue 9: certificates and their public page. */
let ctx: TestContext;
const clock = new TestClock(Date.UTC(2026, 10, 22, 12));
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.close());

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PERMISSION = ['show_certificates_page'] as const;

function upload(
  url: string,
  token: string | null,
  fields: Record<string, string>,
  bytes: Uint8Array = PDF,
  name = 'haccp.pdf',
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  return ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: body });
}

async function manager() {
  const tenant = await createTenant(ctx.database.db);
  const user = await createSignedInUser(ctx.database.db, { orgId: tenant.org.main, permissions: [...PERMISSION] });
  return { tenant, token: user.token };
}

describe('certificates', () => {
  it('uploads a PDF with a slug made from its title; its public page shows it until the active-to day passes', async () => {
    const { token } = await manager();
    const title = `Food safety ${uniqueName('x')}`;
    const created = await upload(endpointPath(api.certificate.create), token, {
      title,
      region: 'ua',
      active_to: '2026-11-30',
    });
    expect(created.statusCode, created.body).toBe(200);
    const cert = created.json<TCertificate>();
    expect(cert).toMatchObject({
      title,
      region: 'ua',
      active_to: '2026-11-30',
      file_type: 'application/pdf',
      is_expired: false,
    });
    expect(cert.slug).toMatch(/^food-safety-x-?[a-z0-9-]*$/);
    const file = await ctx.app.inject({ method: 'GET', url: cert.file_url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment');

    const page = await callApi(ctx, api.certificate.publicCertificate, { params: { slug: cert.slug } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title, region: 'ua', file_url: cert.file_url });

    // The 30th itself still counts; on the 1st it is expired.
    clock.advance(8 * 86_400_000);
    expect((await callApi(ctx, api.certificate.publicCertificate, { params: { slug: cert.slug } })).statusCode).toBe(
      200,
    );
    clock.advance(86_400_000);
    const list = await callApi(ctx, api.certificate.list, { token });
    expect(list.json().items.find((item) => item.id === cert.id)?.is_expired).toBe(true);
    expect((await callApi(ctx, api.certificate.publicCertificate, { params: { slug: cert.slug } })).statusCode).toBe(
      404,
    );
    const renewed = await okApi(ctx, api.certificate.update, {
      params: { id: cert.id },
      token,
      body: {
        title,
        region: 'all',
        active_to: null,
        slug: cert.slug,
      },
    });
    expect(renewed.is_expired).toBe(false);
    expect((await callApi(ctx, api.certificate.publicCertificate, { params: { slug: cert.slug } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a taken or malformed slug, a file that is no PDF or image, and names the field', async () => {
    const { token } = await manager();
    const slug = uniqueName('cert')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    expect((await upload(endpointPath(api.certificate.create), token, { title: 'One', slug })).statusCode).toBe(200);
    const taken = await upload(endpointPath(api.certificate.create), token, { title: 'Two', slug });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().fields)).toEqual(['slug']);
    const bad = await upload(endpointPath(api.certificate.create), token, { title: '', slug: 'Not a slug!' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['slug', 'title']);
    const text = await upload(
      endpointPath(api.certificate.create),
      token,
      { title: 'Text' },
      new TextEncoder().encode('hello'),
      'a.pdf',
    );
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json().fields)).toEqual(['file']);
    expect(
      (await callApi(ctx, api.certificate.publicCertificate, { params: { slug: 'no-such-slug' } })).statusCode,
    ).toBe(404);
  });

  it('checks the permission and the organisation on every call', async () => {
    const { tenant, token } = await manager();
    const cert = (await upload(endpointPath(api.certificate.create), token, { title: 'Mine' })).json<TCertificate>();
    const other = await manager();
    const noPermission = await createSignedInUser(ctx.database.db, {
      orgId: tenant.org.main,
      permissions: ['show_users_page'],
    });
    expect((await upload(endpointPath(api.certificate.create), null, { title: 'X' })).statusCode).toBe(401);
    expect((await upload(endpointPath(api.certificate.create), noPermission.token, { title: 'X' })).statusCode).toBe(
      403,
    );
    const params = { id: cert.id };
    for (const [url, send] of [
      [
        api.certificate.update.path,
        (token: string) => callApi(ctx, api.certificate.update, { params, token, body: { title: 'Theirs' } }),
      ],
      [api.certificate.delete.path, (token: string) => callApi(ctx, api.certificate.delete, { params, token })],
    ] as const) {
      expect((await send(other.token)).statusCode, url).toBe(404);
      expect((await send(noPermission.token)).statusCode, url).toBe(403);
    }
    expect((await upload(endpointPath(api.certificate.replaceFile, { id: cert.id }), other.token, {})).statusCode).toBe(
      404,
    );
    // Main sees Kyiv view only: Kyiv's certificate is listed, not changed.
    const kyiv = await createSignedInUser(ctx.database.db, { orgId: tenant.org.kyiv, permissions: [...PERMISSION] });
    const kyivCert = (
      await upload(endpointPath(api.certificate.create), kyiv.token, { title: 'Kyiv' })
    ).json<TCertificate>();
    const mainList = await callApi(ctx, api.certificate.list, { token });
    expect(mainList.json().items.map((item) => item.id)).toContain(kyivCert.id);
    expect((await callApi(ctx, api.certificate.delete, { params: { id: kyivCert.id }, token })).statusCode).toBe(403);
    expect(await okApi(ctx, api.certificate.delete, { params: { id: cert.id }, token })).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ method: 'GET', url: cert.file_url })).statusCode).toBe(404);
  });
});
