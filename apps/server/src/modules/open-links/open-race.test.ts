import { translate } from '@vitrina/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankPaymentIntents,
  expectOpenedOnce,
  raceOpenForms,
  sendOpenForm,
  unconnectedFridgeWithCustomerLink,
} from '../../../test/factories/open-links.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { micromarkets as micromarketsTable, openingClaims } from '../../db/schema/index.js';
import { TestClock } from '../../lib/clock.js';
import { OPENING_CLAIM_MS } from './opening.service.js';

/**
 * Issue 33: a raced guest form opened one fridge twice. One customer opening of a micromarket
 * runs at a time (a claim row in the database), so ten forms sent at once make one door command
 * and one hold; the others answer that opening or a localised 409. On one instance here (PGlite
 * or PostgreSQL); across two instances in open-race.instances.test.ts.
 */
const clock = new TestClock(Date.now());
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, live: { flushMs: 0 } });
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

describe('guest forms raced at one fridge', () => {
  it('ten at once: one door command, one hold, the rest that opening or a clear 409', async () => {
    const s = await unconnectedFridgeWithCustomerLink(ctx, { now: clock.now(), sandwiches: 1 });
    const before = await bankPaymentIntents(ctx);
    const answers = await raceOpenForms([ctx.app], s.link, { count: 10, lang: 'ua' });

    await expectOpenedOnce(ctx, s, { answers, before });
    // Every request let its claim go.
    expect(await db().select().from(openingClaims).where(eq(openingClaims.micromarketId, s.micromarketId))).toEqual([]);
  });

  it('a claim its instance left behind (it died mid-opening) ends after its lifetime', async () => {
    const s = await unconnectedFridgeWithCustomerLink(ctx, { now: clock.now(), sandwiches: 1 });
    await db()
      .insert(openingClaims)
      .values({
        micromarketId: s.micromarketId,
        claim: '00000000-0000-4000-8000-000000000000',
        expiresAt: new Date(clock.nowMs() + OPENING_CLAIM_MS),
      });
    const form = { payment_method: 'pm_card_visa' };
    const busy = await sendOpenForm(ctx, s.link, form, { remoteAddress: '10.34.251.1', lang: 'pl' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(translate('open.opening_in_progress', 'pl'));
    clock.advance(OPENING_CLAIM_MS);
    await db()
      .update(micromarketsTable)
      .set({ lastActivityAt: clock.now() })
      .where(eq(micromarketsTable.id, s.micromarketId));
    const opened = await sendOpenForm(ctx, s.link, form, { remoteAddress: '10.34.251.2' });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});
