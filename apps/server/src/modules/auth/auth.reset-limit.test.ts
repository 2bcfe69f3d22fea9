import { api } from '@vitrina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { createUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { TestClock } from '../../lib/clock.js';
import {
  RESET_ACCOUNT_WINDOW_MS,
  RESET_ADDRESS_WINDOW_MS,
  RESET_REQUESTS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
} from '../../lib/reset-limiter.js';

const MINUTE = 60_000;

/** The rate limits' clock: tests move it instead of sleeping. */
const clock = new TestClock(Date.UTC(2026, 0, 1));
let ctx: TestContext;
let orgId: number;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
  orgId = await createOrganisation(ctx.database.db);
});
afterAll(() => ctx.close());

let lastAddress = 0;
/** An address no other request of this file came from, so only the limit under test applies. */
function freshAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

function requestReset(email: string, options: { from?: string; lang?: string } = {}) {
  return callApi({ app: ctx.app }, api.auth.requestPasswordReset, {
    remoteAddress: options.from ?? freshAddress(),
    body: { email },
    lang: options.lang,
  });
}

async function mailsTo(email: string) {
  return (await ctx.mails()).filter((mail) => mail.to === email).length;
}

describe('POST /v1/user/new/password is rate-limited', () => {
  it('mails one email a few links an hour, from any address, and then answers the login limit’s 429', async () => {
    const user = await createUser(ctx.database.db, { orgId, password: 'reset-limit-1' });
    for (let i = 0; i < RESET_REQUESTS_PER_ACCOUNT; i++) {
      expect((await requestReset(user.email)).statusCode).toBe(200);
    }
    const refused = await requestReset(user.email.toUpperCase(), { lang: 'ua' });
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toEqual({ message: 'Забагато спроб. Спробуйте через 60 хв' });
    expect(await mailsTo(user.email)).toBe(RESET_REQUESTS_PER_ACCOUNT);

    clock.advance(RESET_ACCOUNT_WINDOW_MS - MINUTE);
    expect((await requestReset(user.email)).error().message).toBe('Too many attempts. Try again in 1 min');
    clock.advance(MINUTE);
    expect((await requestReset(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toBe(RESET_REQUESTS_PER_ACCOUNT + 1);
  });

  it('answers an email nobody has exactly as a real account, limit included', async () => {
    const user = await createUser(ctx.database.db, { orgId, password: 'reset-limit-2' });
    const answers = async (email: string) => {
      const list: { status: number; body: string }[] = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_ACCOUNT; i++) {
        const response = await requestReset(email, { lang: 'pl' });
        list.push({ status: response.statusCode, body: response.body });
      }
      return list;
    };
    const real = await answers(user.email);
    const unknown = await answers(`nobody.${user.id}@vitrina.local`);
    expect(unknown).toEqual(real);
    expect(real.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    clock.advance(RESET_ACCOUNT_WINDOW_MS);
  });

  it('limits one address whatever emails it asks for, without slowing other addresses', async () => {
    const from = freshAddress();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      expect((await requestReset(`probe.${i}@vitrina.local`, { from })).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE);
    const refused = await requestReset('probe.next@vitrina.local', { from });
    expect(refused.statusCode).toBe(429);
    expect(refused.error().message).toBe('Too many attempts. Try again in 40 min');
    expect((await requestReset('probe.next@vitrina.local')).statusCode).toBe(200);

    clock.advance(RESET_ADDRESS_WINDOW_MS - 20 * MINUTE);
    expect((await requestReset('probe.later@vitrina.local', { from })).statusCode).toBe(200);
  });
});
