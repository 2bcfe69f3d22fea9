import {
  CLIENT_KIND,
  PAYMENT_STATUS,
  PAYMENT_TYPE,
  SALE_PAYMENT,
  SALE_PAYMENT_TYPE,
  SALE_STATUS,
} from '@vitrina/contract';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  customerCards,
  fiscalSettings,
  fiscalTestShifts,
  organizations,
  paymentSettings,
  paymentTransactions,
  personalPrices,
  products,
  tags,
  transactionProducts,
  transactions,
} from '../db/schema/index.js';
import { registerCustomer } from '../modules/auth/index.js';
import { type BankObject, settledIntent, settledRefund, TestBankStore } from '../modules/payments/index.js';
import { PRODUCT_PRICE_COLUMNS, priceItems, totalsOf } from '../modules/sales/index.js';
import { insertChunked, random } from './demo-util.js';

const FIRST_NAMES = ['Oksana', 'Dmytro', 'Sofiia', 'Maksym', 'Anna', 'Bohdan', 'Kateryna', 'Yurii', 'Marta', 'Ivan'];
const LAST_NAMES = ['Hnatiuk', 'Lysenko', 'Tkachenko', 'Savchuk', 'Kravets', 'Boiko', 'Moroz', 'Rudenko'];
const PL_FIRST = ['Agnieszka', 'Piotr', 'Zofia', 'Jakub', 'Maria', 'Tomasz'];
const PL_LAST = ['Kowalska', 'Wiśniewski', 'Zielińska', 'Wójcik', 'Kamińska', 'Lewandowski'];
const CUSTOMERS_PER_ORG = 24;

/**
 * Customers and how they pay in the demo: every organisation pays through the built-in test
 * provider, with a webhook secret of its own (a provider's events without one are refused),
 * and each has customers with a saved test card whose token the demo fridges show at the
 * door (the simulator picks one per walk-up customer). Answers the tokens per organisation.
 * `paymentCredentials` seals an organisation's credentials as its payment settings store them.
 */
export async function seedCustomersDemo(
  db: Db,
  orgIds: number[],
  paymentCredentials: (orgId: number) => string,
): Promise<Map<number, string[]>> {
  const next = random(7_771);
  const tokens = new Map<number, string[]>();
  const orgs = await db
    .select({ id: organizations.id, currency: organizations.currency })
    .from(organizations)
    .where(inArray(organizations.id, orgIds));
  for (const org of orgs) {
    await db
      .insert(paymentSettings)
      .values({ orgId: org.id, provider: 'test', credentialsSealed: paymentCredentials(org.id) })
      .onConflictDoNothing();
    const isPolish = org.currency === 'PLN';
    const first = isPolish ? PL_FIRST : FIRST_NAMES;
    const last = isPolish ? PL_LAST : LAST_NAMES;
    // Registered as the customer flows register them: local numbers, normalised to E.164.
    const rows: { id: number }[] = [];
    for (let i = 0; i < CUSTOMERS_PER_ORG; i++) {
      const local = String(1_000_000 + i * 7_919).slice(0, 7);
      const customer = await registerCustomer(db, {
        orgId: org.id,
        name: `${first[i % first.length]} ${last[(i * 3) % last.length]}`,
        email: `customer${i + 1}.org${org.id}@demo.vitrina.local`,
        phone: isPolish ? `60 ${local}` : `067 ${local}`,
        callingCode: isPolish ? '48' : '380',
        lang: isPolish ? 'pl' : 'ua',
      });
      rows.push(customer);
    }
    const cards = rows.map((row, i) => ({
      orgId: org.id,
      userId: row.id,
      token: `ct_demo_${org.id}_${String(i + 1).padStart(3, '0')}_${Math.floor(next() * 1e9).toString(36)}`,
      provider: 'test',
      paymentMethod: `pm_demo_${row.id}`,
      providerCustomer: `cus_demo_${row.id}`,
      brand: i % 3 === 0 ? 'mastercard' : 'visa',
      last4: String(1000 + Math.floor(next() * 9000)),
    }));
    await db.insert(customerCards).values(cards);
    tokens.set(
      org.id,
      cards.map((card) => card.token),
    );
  }
  return tokens;
}

/**
 * The demo micromarkets register fiscal receipts, so each demo organisation has the built-in
 * fiscal test register with its shift open and no readiness delay: live sales get their fiscal
 * receipt at once. (With a delay the receipt job found each receipt not ready, logged a
 * warning and asked again two minutes later: a warning per sale on the demo's console.)
 */
export async function seedFiscalDemo(db: Db, orgIds: number[], now: Date): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .insert(fiscalSettings)
    .values(orgIds.map((orgId) => ({ orgId, provider: 'test' as const, delaySeconds: 0, shiftOpen: true })))
    .onConflictDoNothing();
  await db
    .insert(fiscalTestShifts)
    .values(orgIds.map((orgId) => ({ orgId, number: 1, isOpen: true, openedAt: now })))
    .onConflictDoNothing();
}

/** When a declined card is charged again (at the latest: halfway to now for a recent decline). */
const RETRY_AFTER_MS = 6 * 3_600_000;

type SoldTag = { code: string; productId: number; micromarketId: number; orgId: number; status: string; at: Date };

/**
 * Weeks of past sales from the demo's tag history: the tags sold (or taken and not paid) in
 * each micromarket become sales of one to three items at the time they left, priced as the
 * sales module prices them (personal prices, no discount), paid by the customer's saved card
 * through the test provider, or declined for the not-paid ones; a few were refunded in part.
 * Live sales then come from the simulator through the real path.
 */
export async function seedSalesHistoryDemo(db: Db, orgIds: number[]): Promise<number> {
  const next = random(424_242);
  const sold = (
    await db
      .select({
        code: tags.code,
        productId: tags.productId,
        micromarketId: tags.micromarketId,
        orgId: tags.orgId,
        status: tags.status,
        soldAt: tags.soldAt,
        updatedAt: tags.updatedAt,
      })
      .from(tags)
      .where(
        and(inArray(tags.orgId, orgIds), inArray(tags.status, ['sold', 'not_paid']), isNotNull(tags.micromarketId)),
      )
      .orderBy(asc(tags.micromarketId), asc(tags.updatedAt))
  ).map(
    (row): SoldTag => ({
      code: row.code,
      productId: row.productId,
      micromarketId: row.micromarketId!,
      orgId: row.orgId,
      status: row.status,
      at: row.soldAt ?? row.updatedAt,
    }),
  );
  if (sold.length === 0) return 0;
  const now = Date.now();
  const [productRows, personalRows, orgRows, cardRows] = await Promise.all([
    db.select(PRODUCT_PRICE_COLUMNS).from(products).where(inArray(products.orgId, orgIds)),
    db.select().from(personalPrices),
    db.select({ id: organizations.id, currency: organizations.currency }).from(organizations),
    db.select().from(customerCards).where(inArray(customerCards.orgId, orgIds)),
  ]);
  const catalogue = new Map(productRows.map((row) => [row.productId, row]));
  const currencyOf = new Map(orgRows.map((row) => [row.id, row.currency]));
  const personalOf = (micromarketId: number) =>
    new Map(
      personalRows.filter((row) => row.micromarketId === micromarketId).map((row) => [row.productId, row.priceMinor]),
    );

  // One to three tags of one micromarket and one outcome, left close together, make a sale.
  const groups: SoldTag[][] = [];
  for (const tag of sold) {
    const last = groups.at(-1);
    const head = last?.[0];
    const fits =
      head &&
      head.micromarketId === tag.micromarketId &&
      head.status === tag.status &&
      last.length < 1 + Math.floor(next() * 3) &&
      tag.at.getTime() - head.at.getTime() < 3 * 3_600_000;
    if (fits) last.push(tag);
    else groups.push([tag]);
  }

  // Each organisation's latest declined sale: the one decline left owed.
  const owedGroup = new Map<number, SoldTag[]>();
  for (const group of groups) {
    const head = group[0]!;
    if (head.status === 'sold') continue;
    const latest = owedGroup.get(head.orgId)?.[0];
    if (!latest || head.at >= latest.at) owedGroup.set(head.orgId, group);
  }

  let count = 0;
  const personalCache = new Map<number, Map<number, number>>();
  await insertChunked(groups, async (chunk) => {
    const planned = chunk.map((group) => {
      const head = group[0]!;
      let personal = personalCache.get(head.micromarketId);
      if (!personal) {
        personal = personalOf(head.micromarketId);
        personalCache.set(head.micromarketId, personal);
      }
      const lines = priceItems(
        group.map((tag) => ({ productId: tag.productId, quantity: 1, source: 'tag' as const, tagCode: tag.code })),
        catalogue,
        personal,
        0,
      );
      const totals = totalsOf(lines);
      const cards = cardRows.filter((card) => card.orgId === head.orgId);
      const card = cards[Math.floor(next() * cards.length)];
      const closedAt = head.at;
      // A declined card is charged again within hours, as the provider's retry would, and paid:
      // only each organisation's latest decline is still owed (a customer owing is refused at
      // every door until they pay, §8, so a demo where most customers owed would refuse them).
      const retryAfterMs = Math.min(RETRY_AFTER_MS, (now - closedAt.getTime()) / 2);
      const recoveredAt =
        head.status !== 'sold' && card !== undefined && group !== owedGroup.get(head.orgId)
          ? new Date(closedAt.getTime() + retryAfterMs)
          : null;
      const isPaid = (head.status === 'sold' || recoveredAt !== null) && card !== undefined;
      const openedAt = new Date(closedAt.getTime() - (15 + Math.floor(next() * 60)) * 1_000);
      const refundable = isPaid && recoveredAt === null;
      const refundedMinor = refundable && next() < 0.02 ? Math.min(totals.netMinor, lines[0]?.priceMinor ?? 0) : 0;
      return { head, lines, totals, card, isPaid, openedAt, closedAt, refundedMinor, recoveredAt };
    });
    const inserted = await db
      .insert(transactions)
      .values(
        planned.map((sale) => ({
          orgId: sale.head.orgId,
          micromarketId: sale.head.micromarketId,
          customerId: sale.card?.userId ?? null,
          clientType: sale.card ? CLIENT_KIND.client : CLIENT_KIND.guest,
          paymentType: SALE_PAYMENT_TYPE.tags,
          status: SALE_STATUS.successful,
          paymentStatus: sale.isPaid ? SALE_PAYMENT.paid : SALE_PAYMENT.notPaid,
          currency: currencyOf.get(sale.head.orgId) ?? 'UAH',
          grossMinor: sale.totals.grossMinor,
          discountMinor: sale.totals.discountMinor,
          amountMinor: sale.totals.netMinor,
          paidMinor: sale.isPaid ? sale.totals.netMinor : 0,
          refundedMinor: sale.refundedMinor,
          costMinor: sale.totals.costMinor,
          errorCode: sale.isPaid ? null : 'card_declined',
          openedAt: sale.openedAt,
          closedAt: sale.closedAt,
          settledAt: sale.recoveredAt ?? new Date(sale.closedAt.getTime() + 2_000),
          createdAt: sale.openedAt,
          updatedAt: sale.closedAt,
        })),
      )
      .returning({ id: transactions.id });
    const lineRows = planned.flatMap((sale, index) =>
      sale.lines.map((line) => ({ ...line, transactionId: inserted[index]!.id })),
    );
    if (lineRows.length > 0) await db.insert(transactionProducts).values(lineRows);
    const ledger = planned.flatMap((sale, index) => {
      const id = inserted[index]!.id;
      if (!sale.card) return [];
      const at = new Date(sale.closedAt.getTime() + 1_000);
      const declinedFirst = !sale.isPaid || sale.recoveredAt !== null;
      const charge = {
        orgId: sale.head.orgId,
        transactionId: id,
        type: PAYMENT_TYPE.debit,
        status: declinedFirst ? PAYMENT_STATUS.error : PAYMENT_STATUS.success,
        operation: 'charge',
        provider: 'test',
        amountMinor: sale.totals.netMinor,
        currency: currencyOf.get(sale.head.orgId) ?? 'UAH',
        idempotencyKey: `demo:sale:${id}:charge`,
        providerReference: `pi_demo_${id}`,
        errorCode: declinedFirst ? 'card_declined' : null,
        errorMessage: declinedFirst ? 'Your card was declined.' : null,
        attempts: 1,
        createdAt: at,
        updatedAt: at,
        settledAt: at,
      };
      if (sale.recoveredAt) {
        const retry = {
          ...charge,
          status: PAYMENT_STATUS.success,
          idempotencyKey: `demo:sale:${id}:retry`,
          providerReference: `pi_demo_${id}_retry`,
          errorCode: null,
          errorMessage: null,
          createdAt: sale.recoveredAt,
          updatedAt: sale.recoveredAt,
          settledAt: sale.recoveredAt,
        };
        return [charge, retry];
      }
      if (!sale.refundedMinor) return [charge];
      const refundAt = new Date(at.getTime() + 86_400_000);
      return [
        charge,
        {
          ...charge,
          type: PAYMENT_TYPE.refund,
          operation: 'refund',
          amountMinor: sale.refundedMinor,
          idempotencyKey: `demo:sale:${id}:refund`,
          providerReference: `re_demo_${id}`,
          createdAt: refundAt,
          updatedAt: refundAt,
          settledAt: refundAt,
        },
      ];
    });
    if (ledger.length > 0) await db.insert(paymentTransactions).values(ledger);
    await bookInTestBank(db, ledger);
    count += inserted.length;
  });
  // Each refund names the charge it gave money back from.
  await db.execute(sql`
    UPDATE payment_transactions AS r SET parent_id = c.id
    FROM payment_transactions AS c
    WHERE r.operation = 'refund' AND r.parent_id IS NULL AND r.idempotency_key LIKE 'demo:sale:%'
      AND c.idempotency_key = replace(r.idempotency_key, ':refund', ':charge')`);
  return count;
}

/**
 * The test provider's bank keeps its own books of what it was paid and gave back: the seeded
 * sales go into them too, so an operator can refund one in the demo as any other.
 */
async function bookInTestBank(
  db: Db,
  ledger: {
    operation: string;
    status: number;
    providerReference: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    updatedAt: Date;
  }[],
): Promise<void> {
  const payments = new Map<string, BankObject>();
  const objects: BankObject[] = [];
  for (const row of ledger) {
    if (row.status !== PAYMENT_STATUS.success) continue;
    if (row.operation === 'charge') {
      const payment = settledIntent(row.providerReference, row.amountMinor, row.currency, row.idempotencyKey);
      payments.set(row.idempotencyKey, payment);
      objects.push(payment);
      continue;
    }
    const payment = payments.get(row.idempotencyKey.replace(':refund', ':charge'));
    if (payment) objects.push(settledRefund(row.providerReference, payment, row.amountMinor, row.idempotencyKey));
  }
  const last = ledger.at(-1);
  if (last) await new TestBankStore(db).write(objects, null, last.updatedAt);
}

/**
 * The customers' card tokens of one organisation, for the simulator's walk-up customers: those
 * in good standing. A customer who owes for a declined sale is refused at every door until
 * they pay (§8), so one who walked up would only make the demo's fridges look as if they
 * refused everyone.
 */
export async function customerTokensOf(db: Db, orgId: number): Promise<string[]> {
  const owing = db
    .select({ id: transactions.customerId })
    .from(transactions)
    .where(
      and(
        eq(transactions.orgId, orgId),
        eq(transactions.paymentStatus, SALE_PAYMENT.notPaid),
        isNotNull(transactions.customerId),
      ),
    );
  const rows = await db
    .select({ token: customerCards.token })
    .from(customerCards)
    .where(and(eq(customerCards.orgId, orgId), eq(customerCards.active, true), notInArray(customerCards.userId, owing)))
    .orderBy(asc(customerCards.id))
    .limit(200);
  return rows.map((row) => row.token);
}
