import { api, PERMISSION_NAMES } from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client.js';
import { createOrganisation } from '../../../test/factories/organisations.js';
import { uniqueName } from '../../../test/factories/sequence.js';
import { createSignedInUser } from '../../../test/factories/users.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A platform user (every permission, view_all_organizations among them) of this test alone. */
async function platformToken() {
  const db = ctx.database.db;
  return (await createSignedInUser(db, { orgId: await createOrganisation(db), permissions: PERMISSION_NAMES })).token;
}

/** Jobs of a kind of this test alone, in the given states. */
async function jobsOfNewKind(statuses: string[]) {
  const kind = uniqueName('test.kind').replace(/\s/g, '-');
  const ids: number[] = [];
  for (const status of statuses) {
    const result = await ctx.database.db.execute(sql`
      INSERT INTO jobs (kind, payload, status, attempts, last_error, finished_at)
      VALUES (${kind}, ${JSON.stringify({ email: 'secret@example.com' })}::jsonb, ${status},
        ${status === 'failed' ? 8 : 0}, ${status === 'failed' ? 'mail server said no' : null},
        ${status === 'done' || status === 'failed' ? sql`now()` : null})
      RETURNING id`);
    ids.push(Number((result as unknown as { rows: { id: string }[] }).rows[0]!.id));
  }
  return { kind, ids };
}

describe('GET /v1/system/jobs', () => {
  it('lists the jobs of a kind with their counts by status, and never their payload', async () => {
    const token = await platformToken();
    const { kind, ids } = await jobsOfNewKind(['queued', 'failed', 'done', 'done']);
    const response = await callApi(ctx, api.jobs.list, { token, query: { kind } });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.total).toBe(4);
    expect(list.by_status).toEqual({ queued: 1, running: 0, done: 2, failed: 1 });
    expect(list.kinds).toContain(kind);
    // Due work first, then the finished ones.
    expect(list.items[0]!.id).toBe(ids[0]);
    expect(list.items.find((job) => job.id === ids[1])).toMatchObject({
      status: 'failed',
      last_error: 'mail server said no',
    });
    expect(response.body).not.toContain('secret@example.com');

    const failed = await callApi(ctx, api.jobs.list, { token, query: { kind, status: 'failed' } });
    expect(failed.json().items.map((job) => job.id)).toEqual([ids[1]]);
  });

  it('is for the platform only: an organisation operator gets 403', async () => {
    const db = ctx.database.db;
    const operator = await createSignedInUser(db, {
      orgId: await createOrganisation(db),
      permissions: PERMISSION_NAMES.filter((name) => name !== 'view_all_organizations'),
    });
    expect((await callApi(ctx, api.jobs.list, { token: operator.token })).statusCode).toBe(403);
    expect((await callApi(ctx, api.jobs.retry, { params: { id: 1 }, token: operator.token })).statusCode).toBe(403);
  });
});

describe('POST /v1/system/jobs/retry/:id', () => {
  it('queues a failed job again with fresh attempts, and writes it to the audit log', async () => {
    const token = await platformToken();
    const {
      ids: [id],
    } = await jobsOfNewKind(['failed']);
    const response = await callApi(ctx, api.jobs.retry, { params: { id }, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'queued', attempts: 0, finished_at: null });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job'), eq(auditLog.entityId, String(id))));
    expect(audit).toEqual([{ action: 'retry' }]);
  });

  it('answers 409 for a job that has not failed and 404 for one that does not exist', async () => {
    const token = await platformToken();
    const {
      ids: [queued, done],
    } = await jobsOfNewKind(['queued', 'done']);
    for (const id of [queued, done]) {
      const response = await callApi(ctx, api.jobs.retry, { params: { id }, token });
      expect(response.statusCode).toBe(409);
      expect(response.error().message).toBe('Only a job that has failed for good can be run again');
    }
    expect((await callApi(ctx, api.jobs.retry, { params: { id: 2147483000 }, token })).statusCode).toBe(404);
  });

  it('leaves a failed recurring job alone while its next run is already queued (one unfinished job per key)', async () => {
    const token = await platformToken();
    const key = uniqueName('recurring');
    const result = await ctx.database.db.execute(sql`
      INSERT INTO jobs (kind, key, status, finished_at) VALUES ('test.recurring', ${key}, 'failed', now()),
        ('test.recurring', ${key}, 'queued', null) RETURNING id`);
    const failedId = Number((result as unknown as { rows: { id: string }[] }).rows[0]!.id);
    expect((await callApi(ctx, api.jobs.retry, { params: { id: failedId }, token })).statusCode).toBe(409);
  });
});
