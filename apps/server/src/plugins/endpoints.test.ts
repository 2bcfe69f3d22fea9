import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../test/helper.js';

let ctx: TestContext;
let paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
beforeAll(async () => {
  ctx = await createTestContext();
  paths = (await call(ctx, 'GET', '/v1/openapi.json')).json().paths;
});
afterAll(() => ctx.close());

const documented = (method: 'get' | 'post', path: string) => Object.keys(paths[path]![method]!.responses).sort();

describe('OpenAPI lists the errors each route can answer, and no others', () => {
  it('401 only behind a session, 403 only behind a permission', () => {
    expect(documented('get', '/v1/user/me')).toEqual(['200', '401']);
    expect(documented('get', '/v1/role/list')).toEqual(['200', '401', '403']);
    expect(paths['/v1/user/me']!.get!.security).toBeUndefined();
  });

  it('400 for input, 404 for a row named in the path or the body, 409 for a conflict', () => {
    expect(documented('get', '/v1/user/info/{id}')).toEqual(['200', '400', '401', '403', '404']);
    expect(documented('post', '/v1/role/delete/{id}')).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(documented('post', '/v1/tag/write-off')).toEqual(['200', '400', '401', '403', '404', '409']);
  });

  it('413 for uploads, 429 where a limit applies, and public routes ask for no token', () => {
    expect(documented('post', '/v1/product/image/{id}')).toEqual(['200', '400', '401', '403', '404', '413', '429']);
    expect(documented('post', '/v1/user/login')).toEqual(['200', '400', '401', '429']);
    expect(documented('post', '/v1/user/new/password')).toEqual(['200', '400', '429']);
    expect(documented('get', '/v1/user/reset/password/{token}')).toEqual(['200', '400', '404']);
    expect(paths['/v1/user/new/password']!.post!.security).toEqual([]);
  });
});
