import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, okApi } from '../../../test/api-client.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { registerCustomer } from '../auth/index.js';
import { groupMemberIds, groupsOfCustomer } from './index.js';

/** Issue 9: user groups of phone numbers that resolve to customers. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let phoneSeq = 1_000_000 + Math.floor(Math.random() * 8_000_000);
const newPhone = () => `+38050${String(++phoneSeq).padStart(7, '0')}`;

async function customer(orgId: number, phone: string) {
  return registerCustomer(db(), {
    orgId,
    name: uniqueName('Customer'),
    email: `${uniqueName('c')}@example.com`,
    phone,
  });
}

describe('user groups', () => {
  it('imports pasted phones: normalised, duplicates, invalid and unknown reported; members resolve to customers', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const known = newPhone();
    const later = newPhone();
    const buyer = await customer(tenant.org.main, known);
    const group = await okApi(ctx, api.userGroup.create, { token: operator, body: { name: uniqueName('Regulars') } });
    const local = `0${known.slice(4)}`;
    const report = await okApi(ctx, api.userGroup.importPhones, {
      params: { id: group.id },
      token: operator,
      body: {
        text: `${local}\n${later}\n${known}\nnot a phone\n\n`,
      },
    });
    expect(report).toMatchObject({
      read: 2,
      added: 2,
      duplicates: 1,
      invalid: 1,
      invalid_examples: ['not a phone'],
      unknown: 1,
    });
    expect(report.group).toMatchObject({ phones_count: 2, members_count: 1 });
    const again = await okApi(ctx, api.userGroup.importPhones, {
      params: { id: group.id },
      token: operator,
      body: { text: known },
    });
    expect(again).toMatchObject({ added: 0, duplicates: 1, unknown: 0 });

    const members = (await callApi(ctx, api.userGroup.members, { params: { id: group.id }, token: operator })).json();
    expect(members.items.find((item) => item.phone === known)).toMatchObject({ customer_id: buyer.id });
    expect(members.items.find((item) => item.phone === later)).toMatchObject({ customer_id: null });
    expect(await groupMemberIds(db(), [group.id])).toEqual([buyer.id]);
    // The settlement asks the other way round: which of these groups is this customer in.
    expect(await groupsOfCustomer(db(), buyer.id, [group.id])).toEqual([group.id]);
    // The unknown number joins as soon as a customer registers with it.
    const newcomer = await customer(tenant.org.main, later);
    expect((await groupMemberIds(db(), [group.id])).sort()).toEqual([buyer.id, newcomer.id].sort());
    // Another organisation's customer with the same phone is not a member.
    const other = await createTenant(db());
    await customer(other.org.main, known);
    expect(await groupMemberIds(db(), [group.id])).toHaveLength(2);
    const stranger = await registerCustomer(db(), {
      orgId: other.org.main,
      name: 'X',
      email: `${uniqueName('x')}@example.com`,
      phone: later,
    });
    expect(await groupsOfCustomer(db(), stranger.id, [group.id])).toEqual([]);

    const removed = await okApi(ctx, api.userGroup.removePhone, {
      params: { id: group.id },
      token: operator,
      body: { phone: later },
    });
    expect(removed.phones_count).toBe(1);
  });

  it('names are unique per organisation; a CSV’s phone column is read', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const name = uniqueName('VIP');
    const group = await okApi(ctx, api.userGroup.create, { token: operator, body: { name } });
    const taken = await callApi(ctx, api.userGroup.create, { token: operator, body: { name: name.toUpperCase() } });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.error().fields!)).toEqual(['name']);
    // Two at once with one name: one group, and the other hears 409 (the unique index backs the check).
    const twin = uniqueName('Twin');
    const both = await Promise.all(
      [1, 2].map(() => callApi(ctx, api.userGroup.create, { token: operator, body: { name: twin } })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const csv = `name;phone\nOlena;${newPhone()}\nTaras;${newPhone()}`;
    const report = await okApi(ctx, api.userGroup.importPhones, {
      params: { id: group.id },
      token: operator,
      body: { text: csv },
    });
    expect(report).toMatchObject({ read: 2, added: 2, invalid: 0 });
    const empty = await callApi(ctx, api.userGroup.create, { token: operator, body: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(await okApi(ctx, api.userGroup.delete, { params: { id: group.id }, token: operator })).toEqual({
      ok: true,
    });
    expect((await callApi(ctx, api.userGroup.info, { params: { id: group.id }, token: operator })).statusCode).toBe(
      404,
    );
  });

  it('checks permissions and organisations on every call', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.token('operator');
    const other = await createTenant(db());
    const stranger = await other.token('operator');
    const group = await okApi(ctx, api.userGroup.create, { token: operator, body: { name: uniqueName('Night') } });
    const params = { id: group.id };
    const text = newPhone();
    const calls = [
      [api.userGroup.info.path, (token?: string) => callApi(ctx, api.userGroup.info, { params, token })],
      [api.userGroup.members.path, (token?: string) => callApi(ctx, api.userGroup.members, { params, token })],
      [
        api.userGroup.update.path,
        (token?: string) => callApi(ctx, api.userGroup.update, { params, token, body: { name: 'X' } }),
      ],
      [
        api.userGroup.importPhones.path,
        (token?: string) => callApi(ctx, api.userGroup.importPhones, { params, token, body: { text } }),
      ],
      [
        api.userGroup.removePhone.path,
        (token?: string) =>
          callApi(ctx, api.userGroup.removePhone, { params, token, body: { phone: '+380500000000' } }),
      ],
      [api.userGroup.delete.path, (token?: string) => callApi(ctx, api.userGroup.delete, { params, token })],
    ] as const;
    for (const [url, send] of calls) {
      expect((await send()).statusCode, url).toBe(401);
      expect((await send(stranger)).statusCode, url).toBe(404);
    }
    const viewer = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_users_groups_page'] });
    expect(
      (await callApi(ctx, api.userGroup.update, { params: { id: group.id }, token: viewer.token, body: { name: 'Y' } }))
        .statusCode,
    ).toBe(403);
    expect((await callApi(ctx, api.userGroup.list, { token: viewer.token })).statusCode).toBe(200);
    // Main sees Kyiv view-only: Kyiv's groups are readable, not editable.
    const kyivAdmin = await createSignedInUser(db(), {
      orgId: tenant.org.kyiv,
      permissions: ['show_users_groups_page', 'edit_users'],
    });
    const kyivGroup = await okApi(ctx, api.userGroup.create, {
      token: kyivAdmin.token,
      body: { name: uniqueName('Kyiv') },
    });
    expect((await callApi(ctx, api.userGroup.info, { params: { id: kyivGroup.id }, token: operator })).statusCode).toBe(
      200,
    );
    const viewOnly = await callApi(ctx, api.userGroup.importPhones, {
      params: { id: kyivGroup.id },
      token: operator,
      body: { text: newPhone() },
    });
    expect(viewOnly.statusCode).toBe(403);
  });
});
