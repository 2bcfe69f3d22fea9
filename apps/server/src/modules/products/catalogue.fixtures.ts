import { call, ORG, type TestContext } from '../../../test/helper.js';

/**
 * An operator of Krakow (org 3) with the catalogue edit permissions. The seeded franchisor
 * of Krakow lacks them, so this user is the one who shows that an edit of another
 * organisation's row answers 404 rather than 403.
 */
export async function krakowEditor(ctx: TestContext): Promise<string> {
  const email = 'krakow.editor@vitrina.local';
  const password = 'krakow-edit-1';
  const created = await call(ctx, 'POST', '/v1/user/create', {
    token: await ctx.login('admin'),
    payload: { name: 'Krakow Editor', email, org_id: ORG.krakow, role_id: 2, password },
  });
  if (created.statusCode !== 200) throw new Error(`krakow editor: ${created.body}`);
  const login = await call(ctx, 'POST', '/v1/user/login', { payload: { email, password } });
  return login.json<{ token: string }>().token;
}

/** POST that must succeed; answers the parsed body. */
export async function ok<T = Record<string, unknown>>(
  ctx: TestContext,
  token: string,
  url: string,
  payload: object,
): Promise<T> {
  const response = await call(ctx, 'POST', url, { token, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
