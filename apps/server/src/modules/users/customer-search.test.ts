import { api } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createCustomer } from '../../../test/factories/customers.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { users } from '../../db/schema/index.js';

/**
 * Issue 26: one search of an organisation's customers (users/customer-search.ts) answers both
 * pickers, push's recipients and support's customers, with each endpoint's own shape.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A fresh tenant, a word only its customers will hold, and one member of staff who may use both pickers. */
async function setup() {
  const tenant = await createTenant(db());
  const tag = uniqueName('Qx').replace(/\W/g, '').toLowerCase();
  const staff = await createSignedInUser(db(), {
    orgId: tenant.org.main,
    permissions: ['show_push_notifications_page', 'show_support_page'],
    name: `Staff ${tag}`,
  });
  const customerOf = (orgId: number, name: string, email: string) => createCustomer(db(), orgId, { name, email });
  return { tenant, tag, staff, customerOf };
}

type Found = { id: number; name: string; detail: string | null };

/** What each endpoint offers for the same search, in one shape (push's `phone` as `detail`). */
async function bothPickers(token: string, query: Record<string, string>) {
  const push = await callApi(ctx, api.push.recipients, { token, query });
  const support = await callApi(ctx, api.support.customers, { token, query });
  const pushItems =
    push.statusCode === 200
      ? push.json().items.map(({ id, name, phone }): Found => ({ id, name, detail: phone }))
      : null;
  const supportItems = support.statusCode === 200 ? support.json().items : null;
  return {
    push: { status: push.statusCode, items: pushItems },
    support: { status: support.statusCode, items: supportItems },
  };
}

const found = (...people: { id: number; name: string; phone: string }[]): Found[] =>
  people.map(({ id, name, phone }) => ({ id, name, detail: phone }));

describe('customer search (push recipients and support customers)', () => {
  it('finds the organisation’s customers by name, email or phone the same way in both pickers, never another organisation’s', async () => {
    const { tenant, tag, staff, customerOf } = await setup();
    // Named so that the name order is: anna, boris, chloe.
    const anna = await customerOf(tenant.org.main, `Anna ${tag}`, `anna.${tag}@example.com`);
    const boris = await customerOf(tenant.org.main, 'Boris Kovalenko', `kovalenko.${tag}@mail.example`);
    const chloe = await customerOf(tenant.org.main, 'Chloe Marchetti', `chloe.${tag}@example.com`);
    // The same words in another tree, in a visible sub-organisation, and an employee: never offered here.
    const other = await createTenant(db());
    const stranger = await customerOf(other.org.main, `Anna ${tag}`, `anna2.${tag}@example.com`);
    const krakow = await customerOf(tenant.org.krakow, `Anna ${tag} Krakow`, `krakow.${tag}@example.com`);

    // No words: the organisation's customers by name (the staff member is no customer).
    const all = await bothPickers(staff.token, {});
    expect(all.push).toEqual({ status: 200, items: found(anna, boris, chloe) });
    expect(all.support).toEqual(all.push);

    const searches: [string, Found[]][] = [
      [tag.toUpperCase(), found(anna, boris, chloe)], // name or email, any case
      ['kovalenko', found(boris)], // name
      [`chloe.${tag}@`, found(chloe)], // email
      [boris.phone.slice(-7), found(boris)], // part of a phone
      [chloe.phone, found(chloe)], // a whole phone
      ['%', []], // LIKE's wildcards are taken literally
      ['nobody-like-this', []],
    ];
    for (const [q, expected] of searches) {
      const result = await bothPickers(staff.token, { q });
      expect(result.push, q).toEqual({ status: 200, items: expected });
      expect(result.support, q).toEqual(result.push);
    }

    // A visible sub-organisation's customers only when it is asked for, and only its own.
    const sub = await bothPickers(staff.token, { org_id: String(tenant.org.krakow), q: tag });
    expect(sub.push).toEqual({ status: 200, items: found(krakow) });
    expect(sub.support).toEqual(sub.push);

    // Another tree's organisation: 404 from both, its customers never listed.
    const foreign = await bothPickers(staff.token, { org_id: String(other.org.main), q: tag });
    expect(foreign).toEqual({ push: { status: 404, items: null }, support: { status: 404, items: null } });
    const everything = await bothPickers(staff.token, { q: 'Anna' });
    expect(everything.push.items?.map((item) => item.id)).not.toContain(stranger.id);
    expect(everything.support.items?.map((item) => item.id)).not.toContain(stranger.id);
  });

  it('offers a blocked customer to a ticket but not as a push recipient', async () => {
    const { tenant, tag, staff, customerOf } = await setup();
    const active = await customerOf(tenant.org.main, `Active ${tag}`, `active.${tag}@example.com`);
    const blocked = await customerOf(tenant.org.main, `Blocked ${tag}`, `blocked.${tag}@example.com`);
    await db().update(users).set({ active: false }).where(eq(users.id, blocked.id));

    const result = await bothPickers(staff.token, { q: tag });
    expect(result.push).toEqual({ status: 200, items: found(active) });
    expect(result.support).toEqual({ status: 200, items: found(active, blocked) });
  });
});
