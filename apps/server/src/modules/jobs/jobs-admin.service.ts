import type { TJob, TListJobsQuery } from '@vitrina/contract';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './jobs-admin.repository.js';

/** The queue of every instance; the endpoint's permission (view_all_organizations) keeps it to the platform. */
export function listJobs(ctx: ServiceContext, query: TListJobsQuery) {
  return repo.listJobs(ctx.db, query);
}

export async function retryJob(ctx: ServiceContext, actor: UserActor, id: number): Promise<TJob> {
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findJob(tx, id);
    if (!before) throw notFound();
    const after = before.status === 'failed' ? await repo.requeueFailedJob(tx, id, ctx.clock.now()) : null;
    if (!after) throw conflict('job.not_failed');
    await writeAudit(tx, actor, { action: 'retry', entity: 'job', entityId: id, before: { status: before.status } });
    return after;
  });
}
