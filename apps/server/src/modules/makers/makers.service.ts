import type { TMaker, TMakerList, ZCreateMaker, ZListMakersQuery, ZUpdateMaker } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './makers.repository.js';

type ListQuery = z.output<typeof ZListMakersQuery>;
type CreateBody = z.output<typeof ZCreateMaker>;
type UpdateBody = z.output<typeof ZUpdateMaker>;

const nameTaken = () => new AppError(409, 'maker.name_taken', {}, { name: 'maker.name_taken' });

/** Contract field names to table columns; undefined fields are left as they are. */
function columnsOf(body: UpdateBody): repo.MakerWrite {
  return {
    name: body.name,
    country: body.country,
    contactPerson: body.contact_person,
    phone: body.phone,
    email: body.email,
    website: body.website,
  };
}

/** The list's filters inside the caller's organisations (the list and its export share them). */
export function makerFilters(actor: UserActor, query: Pick<ListQuery, 'q' | 'org_id'>): repo.MakerFilters {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return { q: query.q, orgId: query.org_id, orgIds: actor.scope.visibleIds };
}

export async function listMakers(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TMakerList> {
  const filters = makerFilters(actor, query);
  const [items, total] = await Promise.all([
    repo.listMakers(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page }, query.sort),
    repo.countMakers(ctx.db, filters),
  ]);
  return { items, total };
}

export async function getMaker(ctx: ServiceContext, actor: UserActor, id: number): Promise<TMaker> {
  const maker = await repo.findMaker(ctx.db, id);
  if (!maker || !actor.scope.canSee(maker.org_id)) throw notFound();
  return maker;
}

export async function createMaker(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const id = await ctx.db.transaction(async (tx) => {
    if (await repo.findMakerByName(tx, orgId, body.name)) throw nameTaken();
    const makerId = await repo.insertMaker(tx, { ...columnsOf(body), name: body.name, orgId });
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, { action: 'create', entity: 'maker', entityId: makerId, orgId, after });
    return makerId;
  });
  return getMaker(ctx, actor, id);
}

export async function updateMaker(ctx: ServiceContext, actor: UserActor, id: number, body: UpdateBody) {
  const before = await getMaker(ctx, actor, id);
  actor.scope.assertEditable(before.org_id);
  await ctx.db.transaction(async (tx) => {
    if (body.name && (await repo.findMakerByName(tx, before.org_id, body.name, id))) throw nameTaken();
    await repo.updateMakerRow(tx, id, columnsOf(body), ctx.clock.now());
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'maker',
      entityId: id,
      orgId: before.org_id,
      before,
      after: body,
    });
  });
  return getMaker(ctx, actor, id);
}

export async function deleteMaker(ctx: ServiceContext, actor: UserActor, id: number) {
  const maker = await getMaker(ctx, actor, id);
  actor.scope.assertEditable(maker.org_id);
  await ctx.db.transaction(async (tx) => {
    // Archived products count too: they keep their history, and with it their maker.
    const used = await repo.countProductsOf(tx, id);
    if (used > 0) throw conflict('maker.in_use', { count: used });
    await repo.deleteMakerRow(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'maker',
      entityId: id,
      orgId: maker.org_id,
      before: maker,
    });
  });
}
