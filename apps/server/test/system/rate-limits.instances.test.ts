import { api, LOGIN_MAX_FAILURES } from '@vitrina/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { callApi } from '../api-client.js';
import { createOrganisation } from '../factories/organisations.js';
import { createUser } from '../factories/users.js';
import { twoInstances } from '../instances.js';

/**
 * Two server instances on one PostgreSQL database behind a load balancer: a guesser whose
 * requests land on both gets no more tries than at one, because each instance hears what the
 * other counted (NOTIFY). PostgreSQL only (vitest.config.ts): PGlite is one process.
 */
const two = twoInstances();

/** The instance as a client at `remoteAddress` sees it: the limits count per address. */
const clientAt = (app: App, remoteAddress: string) => ({
  app: { inject: (options: InjectOptions) => app.inject({ ...options, remoteAddress }) },
});

const login = (app: App, email: string, password: string, from: string) =>
  callApi(clientAt(app, from), api.auth.login, { body: { email, password } });

/** Waits until each instance has applied every count the other announced. */
async function settle() {
  await two.a.rateSharing.sync();
  await two.b.rateSharing.sync();
}

describe('rate limits across instances', () => {
  it('refuses the guess after the limit whichever instance the guesses went to', async () => {
    const { email } = await createUser(two.ctx.database.db, { orgId: await createOrganisation(two.ctx.database.db) });
    const from = '198.51.100.21';
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      codes.push((await login(i % 2 === 0 ? two.a : two.b, email, 'wrong-password', from)).statusCode);
      await settle();
    }
    expect(codes).toEqual(Array(LOGIN_MAX_FAILURES).fill(401));
    expect((await login(two.a, email, 'wrong-password', from)).statusCode).toBe(429);
    expect((await login(two.b, email, 'wrong-password', from)).statusCode).toBe(429);
  });

  it('holds back the fourth reset mail for one email, asked of either instance', async () => {
    const { email } = await createUser(two.ctx.database.db, { orgId: await createOrganisation(two.ctx.database.db) });
    const ask = (app: App, from: string) =>
      callApi(clientAt(app, from), api.auth.requestPasswordReset, { body: { email } });
    const codes: number[] = [];
    for (const [i, app] of [two.a, two.b, two.a].entries()) {
      codes.push((await ask(app, `198.51.100.${30 + i}`)).statusCode);
      await settle();
    }
    expect(codes).toEqual([200, 200, 200]);
    expect((await ask(two.b, '198.51.100.40')).statusCode).toBe(429);
  });
});
