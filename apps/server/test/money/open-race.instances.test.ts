import { describe, expect, it } from 'vitest';
import { openingClaims } from '../../src/db/schema/index.js';
import {
  bankPaymentIntents,
  expectOpenedOnce,
  raceOpenForms,
  unconnectedFridgeWithCustomerLink,
} from '../factories/open-links.js';
import { twoInstances } from '../instances.js';

/**
 * Issue 33: ten guest forms for one fridge sent at once to two server instances on one
 * PostgreSQL database (a load balancer splitting them) opened it twice. The claim of the
 * opening is a database row, so the instances hold one another to one opening at a time.
 * PostgreSQL only (vitest.config.ts): PGlite is one process.
 */
const two = twoInstances();

describe('guest forms raced across two instances', () => {
  it('ten at once, split over both: one door command, one hold', async () => {
    const s = await unconnectedFridgeWithCustomerLink(two.ctx, { now: new Date(), sandwiches: 1 });
    const before = await bankPaymentIntents(two.ctx);
    const answers = await raceOpenForms([two.a, two.b], s.link, { count: 10, lang: 'ua' });
    await expectOpenedOnce(two.ctx, s, { answers, before });
    expect(await two.ctx.database.db.select().from(openingClaims)).toEqual([]);
  });
});
