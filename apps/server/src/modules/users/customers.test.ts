import { randomUUID } from 'node:crypto';
import { api } from '@vitrina/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { insertMicromarket } from '../../../test/factories/catalogue.js';
import { insertPaidSale } from '../../../test/factories/receipt-sales.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createTenant } from '../../../test/factories/tenant.js';
import { createSession, createSignedInUser, createUser } from '../../../test/factories/users.js';
import { call, createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog, transactions, users } from '../../db/schema/index.js';
import { DEMO_ROLE_PERMISSIONS } from '../../demo/seed.js';
import { hashPassword } from '../../lib/crypto.js';
import { toE164 } from '../../lib/customers.js';
import { registerCustomer } from '../auth/index.js';
import { bookBonus } from '../sales/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function customer(orgId: number, name = uniqueName('Customer')) {
  const phone = `+38067${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { id } = await registerCustomer(db(), { orgId, name, email: `${randomUUID()}@customer.test`, phone });
  return id;
}

const change = (operation: 1 | 2, amount_minor: number, reason = 'Goodwill') => ({
  operation,
  amount_minor,
  reason,
  idempotency_key: randomUUID(),
});

async function balanceOf(id: number) {
  const [row] = await db().select({ bonuses: users.bonuses }).from(users).where(eq(users.id, id));
  return row!.bonuses;
}

describe('toE164 and registerCustomer', () => {
  it('normalises local, 00 and spaced numbers, and refuses what cannot be a phone', () => {
    expect(toE164('067 123-45-67', '380')).toBe('+380671234567');
    expect(toE164('(0)67 123 45 67', '380')).toBe('+380671234567');
    expect(toE164('0048 601 234 567')).toBe('+48601234567');
    expect(toE164('+48 601.234.567', '380')).toBe('+48601234567');
    expect(toE164('601234567', '48')).toBe('+48601234567');
    expect(toE164('0671234567')).toBeNull();
    expect(toE164('+0123456789')).toBeNull();
    expect(toE164('+12')).toBeNull();
    expect(toE164('call me')).toBeNull();
  });

  it('registers a customer without role or password, and answers the same customer for the same phone', async () => {
    const tenant = await createTenant(db());
    const first = await registerCustomer(db(), {
      orgId: tenant.org.main,
      name: 'Olena',
      email: `${randomUUID()}@customer.test`,
      phone: '050 111 22 33',
      callingCode: '380',
    });
    const again = await registerCustomer(db(), {
      orgId: tenant.org.main,
      name: 'Olena again',
      email: `${randomUUID()}@customer.test`,
      phone: '+380501112233',
    });
    expect(again.id).toBe(first.id);
    const [row] = await db().select().from(users).where(eq(users.id, first.id));
    expect(row).toMatchObject({ userType: 1, roleId: null, passwordHash: null, phones: ['+380501112233'] });
  });
});

describe('customers and employees in GET /v1/user/list', () => {
  it('lists customers apart from employees, with balance and last purchase', async () => {
    const tenant = await createTenant(db());
    const buyer = await customer(tenant.org.main, 'Buyer One');
    await customer(tenant.org.main, 'Buyer Two');
    const market = await insertMicromarket(db(), tenant.org.main, uniqueName('Market'));
    const sale = await insertPaidSale(db(), {
      orgId: tenant.org.main,
      micromarketId: market,
      at: new Date('2026-03-04T10:00:00Z'),
    });
    await db().update(transactions).set({ customerId: buyer }).where(eq(transactions.id, sale.id));
    const token = await tenant.token('operator');
    const list = async (user_type: string) =>
      (await callApi(ctx, api.user.list, { token, query: { user_type, sort: 'name' } })).json();
    const customers = await list('1');
    expect(customers.items.map((u: { name: string }) => u.name)).toEqual(['Buyer One', 'Buyer Two']);
    expect(customers.items[0]).toMatchObject({
      user_type: 1,
      bonuses: 0,
      last_purchase_at: '2026-03-04T10:00:00.000Z',
    });
    expect(customers.items[1]?.last_purchase_at).toBeNull();
    const employees = await list('2');
    expect(employees.items.every((u: { user_type: number }) => u.user_type === 2)).toBe(true);
    expect(employees.total).toBe(1);
  });
});

describe('customers never sign in to the panel', () => {
  it("refuses a customer's login with the right password, and any session a customer holds", async () => {
    const tenant = await createTenant(db());
    const id = await customer(tenant.org.main);
    const [row] = await db()
      .update(users)
      .set({ passwordHash: await hashPassword('customer-pass-1') })
      .where(eq(users.id, id))
      .returning({ email: users.email });
    const login = await callApi(ctx, api.auth.login, { body: { email: row!.email, password: 'customer-pass-1' } });
    expect(login.statusCode).toBe(403);
    expect(login.error().message).toBe('Customers cannot sign in to the panel');
    const token = await createSession(db(), id);
    expect((await callApi(ctx, api.auth.me, { token })).statusCode).toBe(401);
  });

  it('refuses a role or a password for a customer, and sends a new customer no invitation', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const base = { name: 'New Buyer', org_id: tenant.org.main, user_type: 1 as const };
    const withRole = await callApi(ctx, api.user.create, {
      token: operator.token,
      body: { ...base, email: `${randomUUID()}@x.test`, role_id: operator.roleId },
    });
    expect(withRole.statusCode).toBe(400);
    expect(Object.keys(withRole.error().fields!)).toEqual(['role_id']);
    const withPassword = await callApi(ctx, api.user.create, {
      token: operator.token,
      body: { ...base, email: `${randomUUID()}@x.test`, password: 'long-password-1' },
    });
    expect(withPassword.statusCode).toBe(400);
    expect(Object.keys(withPassword.error().fields!)).toEqual(['password']);
    const created = await callApi(ctx, api.user.create, {
      token: operator.token,
      body: { ...base, email: `${randomUUID()}@x.test`, phones: ['+380671112233'] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ user_type: 1, role_id: null, invitation_link: null });
    const invite = await callApi(ctx, api.user.invite, { params: { id: created.json().id }, token: operator.token });
    expect(invite.statusCode).toBe(409);
  });

  it('turns an employee into a customer only without a role, and ends their sessions', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const clerk = await createSignedInUser(db(), { orgId: tenant.org.main, permissions: ['show_dashboard_page'] });
    const keepsRole = await callApi(ctx, api.user.update, {
      params: { id: clerk.id },
      token: operator.token,
      body: { user_type: 1 },
    });
    expect(keepsRole.statusCode).toBe(400);
    expect(Object.keys(keepsRole.error().fields!)).toEqual(['role_id']);
    const turned = await callApi(ctx, api.user.update, {
      params: { id: clerk.id },
      token: operator.token,
      body: { user_type: 1, role_id: null },
    });
    expect(turned.statusCode).toBe(200);
    expect((await callApi(ctx, api.auth.me, { token: clerk.token })).statusCode).toBe(401);
    const giveRole = await callApi(ctx, api.user.update, {
      params: { id: clerk.id },
      token: operator.token,
      body: { role_id: clerk.roleId },
    });
    expect(giveRole.statusCode).toBe(400);
  });

  it("lets an operator edit a customer's push limits", async () => {
    const tenant = await createTenant(db());
    const id = await customer(tenant.org.main);
    const response = await callApi(ctx, api.user.update, {
      params: { id },
      token: await tenant.token('operator'),
      body: { push_limit_important: 3, push_limit_unimportant: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ push_limit_important: 3, push_limit_unimportant: 0 });
  });
});

describe('GET /v1/user/bonuses/:id', () => {
  it('answers 401 without a token, 403 without show_users_page, 404 for another organisation', async () => {
    const tenant = await createTenant(db());
    const other = await createTenant(db());
    const id = await customer(tenant.org.main);
    expect((await callApi(ctx, api.user.bonuses, { params: { id } })).statusCode).toBe(401);
    const courier = await tenant.token('courier');
    expect((await callApi(ctx, api.user.bonuses, { params: { id }, token: courier })).statusCode).toBe(403);
    expect(
      (await callApi(ctx, api.user.bonuses, { params: { id }, token: await other.token('operator') })).statusCode,
    ).toBe(404);
  });

  it('answers 409 for an employee and 400 for a bad page', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const employee = await callApi(ctx, api.user.bonuses, { params: { id: operator.id }, token: operator.token });
    expect(employee.statusCode).toBe(409);
    const id = await customer(tenant.org.main);
    const bad = await callApi(ctx, api.user.bonuses, { params: { id }, token: operator.token, query: { page: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.error().fields!)).toEqual(['page']);
  });

  it('pages the ledger newest first, with the sale, the operator and the balance', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const id = await customer(tenant.org.krakow);
    const market = await insertMicromarket(db(), tenant.org.krakow, uniqueName('Market'));
    const sale = await insertPaidSale(db(), { orgId: tenant.org.krakow, micromarketId: market, currency: 'PLN' });
    const at = new Date('2026-02-01T08:00:00Z');
    const book = (operation: 1 | 2, amountMinor: number, reason: string, transactionId: number | null = null) =>
      bookBonus(db(), {
        orgId: tenant.org.krakow,
        userId: id,
        operation,
        amountMinor,
        transactionId,
        reason,
        idempotencyKey: randomUUID(),
        createdBy: transactionId ? null : operator.id,
        at,
      });
    await book(1, 1_000, 'Welcome');
    await book(2, 300, 'purchase', sale.id);
    await book(1, 50, 'Sorry for the wait');
    const first = await callApi(ctx, api.user.bonuses, {
      params: { id },
      token: operator.token,
      query: { per_page: '2' },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 3, balance_minor: 750, currency: 'PLN', can_change: true });
    expect(body.items.map((i: { reason: string }) => i.reason)).toEqual(['Sorry for the wait', 'purchase']);
    expect(body.items[0]).toMatchObject({ operation: 1, amount_minor: 50, created_by_name: operator.name });
    expect(body.items[1]).toMatchObject({ operation: 2, transaction_id: sale.id, created_by_id: null });
    const second = await callApi(ctx, api.user.bonuses, {
      params: { id },
      token: operator.token,
      query: { per_page: '2', page: '2' },
    });
    expect(second.json().items.map((i: { reason: string }) => i.reason)).toEqual(['Welcome']);
  });

  it('says can_change false in a view-only organisation and without edit_user_bonuses', async () => {
    const tenant = await createTenant(db());
    const kyivCustomer = await customer(tenant.org.kyiv);
    const mainCustomer = await customer(tenant.org.main);
    const canChange = async (token: string, id: number) =>
      (await callApi(ctx, api.user.bonuses, { params: { id }, token })).json().can_change;
    expect(await canChange(await tenant.token('operator'), kyivCustomer)).toBe(false);
    expect(await canChange(await tenant.token('support'), mainCustomer)).toBe(false);
  });
});

describe('POST /v1/user/bonuses/:id', () => {
  it('answers 401, 403 without edit_user_bonuses, 404 for another organisation, 403 view-only', async () => {
    const tenant = await createTenant(db());
    const other = await createTenant(db());
    const id = await customer(tenant.org.main);
    const kyivCustomer = await customer(tenant.org.kyiv);
    expect((await callApi(ctx, api.user.changeBonuses, { params: { id }, body: change(1, 100) })).statusCode).toBe(401);
    // Every permission of user management but the balance's own.
    const editor = await createSignedInUser(db(), {
      orgId: tenant.org.main,
      permissions: DEMO_ROLE_PERMISSIONS.operator.filter((p) => p !== 'edit_user_bonuses'),
    });
    expect(
      (await callApi(ctx, api.user.changeBonuses, { params: { id }, token: editor.token, body: change(1, 100) }))
        .statusCode,
    ).toBe(403);
    const stranger = await other.token('operator');
    expect(
      (await callApi(ctx, api.user.changeBonuses, { params: { id }, token: stranger, body: change(1, 100) }))
        .statusCode,
    ).toBe(404);
    const operator = await tenant.token('operator');
    const viewOnly = await callApi(ctx, api.user.changeBonuses, {
      params: { id: kyivCustomer },
      token: operator,
      body: change(1, 100),
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.error().message).toBe('Your organization has view-only access to this organization');
    expect(await balanceOf(id)).toBe(0);
    expect(await balanceOf(kyivCustomer)).toBe(0);
  });

  it('answers 400 naming the fields for a missing reason, a zero amount or an unknown operation', async () => {
    const tenant = await createTenant(db());
    const id = await customer(tenant.org.main);
    // An operation the contract does not have goes raw.
    const response = await call(ctx, 'POST', `/v1/user/bonuses/${id}`, {
      token: await tenant.token('operator'),
      payload: { operation: 3, amount_minor: 0, reason: '  ', idempotency_key: randomUUID() },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['amount_minor', 'operation', 'reason']);
  });

  it('tops up and withdraws through the ledger, mirrors the balance and audits who did it', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const id = await customer(tenant.org.krakow);
    const topUp = await callApi(ctx, api.user.changeBonuses, {
      params: { id },
      token: operator.token,
      body: change(1, 2_500, 'Birthday gift'),
    });
    expect(topUp.statusCode).toBe(200);
    expect(topUp.json()).toMatchObject({
      balance_minor: 2_500,
      operation: { operation: 1, amount_minor: 2_500, reason: 'Birthday gift', created_by_id: operator.id },
    });
    const withdraw = await callApi(ctx, api.user.changeBonuses, {
      params: { id },
      token: operator.token,
      body: change(2, 1_000, 'Mistake'),
    });
    expect(withdraw.json().balance_minor).toBe(1_500);
    expect(await balanceOf(id)).toBe(1_500);
    const audit = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['bonus_top_up', 'bonus_withdraw']);
    expect(audit[1]!.after).toMatchObject({ bonuses: 1_500, amount_minor: 1_000, reason: 'Mistake' });
  });

  it('never withdraws below zero: 409 naming the amount, in the caller’s language', async () => {
    const tenant = await createTenant(db());
    const token = await tenant.token('operator');
    const id = await customer(tenant.org.main);
    await callApi(ctx, api.user.changeBonuses, { params: { id }, token, body: change(1, 500) });
    const response = await callApi(ctx, api.user.changeBonuses, {
      params: { id },
      token,
      body: change(2, 501),
      lang: 'ua',
    });
    expect(response.statusCode).toBe(409);
    expect(response.error().fields).toEqual({
      amount_minor: 'У клієнта лише 5.00 UAH бонусів: списання не може перевищувати цю суму',
    });
    expect(await balanceOf(id)).toBe(500);
    const all = await callApi(ctx, api.user.changeBonuses, { params: { id }, token, body: change(2, 500) });
    expect(all.json().balance_minor).toBe(0);
  });

  it('books a repeated request once, and refuses its key with other values', async () => {
    const tenant = await createTenant(db());
    const token = await tenant.token('operator');
    const id = await customer(tenant.org.main);
    const payload = change(1, 700);
    const [a, b] = await Promise.all([
      callApi(ctx, api.user.changeBonuses, { params: { id }, token, body: payload }),
      callApi(ctx, api.user.changeBonuses, { params: { id }, token, body: payload }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().operation.id).toBe(b.json().operation.id);
    expect(await balanceOf(id)).toBe(700);
    const reused = await callApi(ctx, api.user.changeBonuses, {
      params: { id },
      token,
      body: { ...payload, amount_minor: 800 },
    });
    expect(reused.statusCode).toBe(409);
    expect(await balanceOf(id)).toBe(700);
  });

  it('answers 409 for an employee, whose account holds no bonuses', async () => {
    const tenant = await createTenant(db());
    const operator = await tenant.user('operator');
    const employee = await createUser(db(), { orgId: tenant.org.main, permissions: [] });
    const response = await callApi(ctx, api.user.changeBonuses, {
      params: { id: employee.id },
      token: operator.token,
      body: change(1, 100),
    });
    expect(response.statusCode).toBe(409);
    expect(await balanceOf(employee.id)).toBe(0);
  });
});
