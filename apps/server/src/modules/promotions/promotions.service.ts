import type {
  TBonusPromotion,
  TBonusPromotionList,
  ZCreateBonusPromotion,
  ZListBonusPromotionsQuery,
  ZUpdateBonusPromotion,
} from '@vitrina/contract';
import { PROMO_STATUS, PROMO_SUBTYPE } from '@vitrina/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bonusPromotions, micromarkets, products, userGroups } from '../../db/schema/index.js';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { writeAudit } from '../audit/index.js';

type ListQuery = z.output<typeof ZListBonusPromotionsQuery>;
export type PromotionBody = z.output<typeof ZUpdateBonusPromotion>;
type CreateBody = z.output<typeof ZCreateBonusPromotion>;
type Row = typeof bonusPromotions.$inferSelect;

const DAY_MS = 86_400_000;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);
/** Dates are whole UTC days: the promotion runs from the start day's first moment to the end day's last. */
export const startOf = (date: string) => new Date(`${date}T00:00:00.000Z`);
export const endOf = (date: string | null) => (date === null ? null : new Date(startOf(date).getTime() + DAY_MS));

export function toPromotion(row: Row, now: Date): TBonusPromotion {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    description: row.description,
    type: row.type,
    subtype: row.subtype,
    bonus_type: row.bonusType,
    amount: row.amount,
    period: row.period,
    start_date: dateOf(row.startsAt),
    end_date: row.endsAt ? dateOf(new Date(row.endsAt.getTime() - DAY_MS)) : null,
    min_purchase: row.minPurchaseMinor,
    max_purchase: row.maxPurchaseMinor,
    new_users: row.newUsersOnly,
    organization_ids: row.organizationIds,
    micromarket_ids: row.micromarketIds,
    group_ids: row.groupIds,
    product_ids: row.productIds,
    status: row.status,
    is_active: row.status === PROMO_STATUS.active && (row.endsAt === null || row.endsAt > now),
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Contract fields to columns. */
export function columnsOf(body: PromotionBody) {
  return {
    name: body.name,
    description: body.description ?? null,
    type: body.type,
    subtype: body.subtype,
    bonusType: body.bonus_type,
    amount: body.amount,
    period: body.period,
    startsAt: startOf(body.start_date),
    endsAt: endOf(body.end_date),
    minPurchaseMinor: body.min_purchase,
    maxPurchaseMinor: body.max_purchase,
    newUsersOnly: body.new_users,
    organizationIds: [...new Set(body.organization_ids)],
    micromarketIds: [...new Set(body.micromarket_ids)],
    groupIds: [...new Set(body.group_ids)],
    productIds: body.subtype === PROMO_SUBTYPE.specificProducts ? [...new Set(body.product_ids)] : [],
  };
}

const unknownRows = (field: string) =>
  new AppError(400, 'promotion.unknown_rows', {}, { [field]: 'promotion.unknown_rows' });

/**
 * The organisations a promotion applies to must be editable by the caller, and its
 * micromarkets, products and user groups must belong to them: a caller cannot reach another tenant's
 * sales by naming its ids. Answers the organisations.
 */
export async function assertReferences(db: Db, actor: UserActor, orgId: number, body: PromotionBody) {
  for (const id of body.organization_ids) {
    if (!actor.scope.canSee(id)) throw unknownRows('organization_ids');
    // Its customers' bonuses are that organisation's to give: a view-only link may not promise them.
    if (!actor.scope.canEdit(id)) {
      throw new AppError(403, 'errors.view_only', {}, { organization_ids: 'errors.view_only' });
    }
  }
  const orgIds = [...new Set([orgId, ...body.organization_ids])];
  const owned = async (table: typeof micromarkets | typeof products | typeof userGroups, ids: number[]) => {
    if (ids.length === 0) return true;
    const [row] = await db
      .select({ n: count() })
      .from(table)
      .where(and(inArray(table.id, ids), inArray(table.orgId, orgIds)));
    return (row?.n ?? 0) === new Set(ids).size;
  };
  if (!(await owned(micromarkets, body.micromarket_ids))) throw unknownRows('micromarket_ids');
  if (body.subtype === PROMO_SUBTYPE.specificProducts && !(await owned(products, body.product_ids)))
    throw unknownRows('product_ids');
  if (!(await owned(userGroups, body.group_ids))) throw unknownRows('group_ids');
  return orgIds;
}

export async function listPromotions(
  ctx: ServiceContext,
  actor: UserActor,
  query: ListQuery,
): Promise<TBonusPromotionList> {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  const now = ctx.clock.now();
  const filters: SQL[] = [];
  const visible = actor.scope.visibleIds;
  if (visible) filters.push(inArray(bonusPromotions.orgId, visible));
  if (query.org_id !== undefined) filters.push(eq(bonusPromotions.orgId, query.org_id));
  if (query.q) filters.push(ilike(bonusPromotions.name, `%${escapeLike(query.q)}%`));
  const running = and(
    eq(bonusPromotions.status, PROMO_STATUS.active),
    sql`(${bonusPromotions.endsAt} IS NULL OR ${bonusPromotions.endsAt} > ${now})`,
  );
  if (query.status === 'active' && running) filters.push(running);
  if (query.status === 'inactive')
    filters.push(or(eq(bonusPromotions.status, PROMO_STATUS.closed), sql`${bonusPromotions.endsAt} <= ${now}`) as SQL);
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(bonusPromotions)
      .where(where)
      .orderBy(desc(bonusPromotions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(bonusPromotions).where(where),
  ]);
  return { items: rows.map((row) => toPromotion(row, now)), total: total?.n ?? 0 };
}

/** The promotion if the caller may see it; `lock` holds its row for a write (edit and close do not cross). */
async function findVisible(db: Db, actor: UserActor, id: number, lock = false): Promise<Row> {
  const query = db.select().from(bonusPromotions).where(eq(bonusPromotions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !actor.scope.canSee(row.orgId)) throw notFound();
  return row;
}

export async function getPromotion(ctx: ServiceContext, actor: UserActor, id: number) {
  return toPromotion(await findVisible(ctx.db, actor, id), ctx.clock.now());
}

/**
 * This instance's next settlement sees the change at once (migration 0032's announcement
 * reaches every instance a moment after the commit). A promotion may name several
 * organisations, so all are dropped.
 */
function forgetRunning(ctx: ServiceContext) {
  ctx.promotionRules.invalidate(Number.NaN);
}

export async function createPromotion(ctx: ServiceContext, actor: UserActor, body: CreateBody) {
  const orgId = body.org_id ?? actor.orgId;
  actor.scope.assertEditable(orgId);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await assertReferences(tx, actor, orgId, body);
    const [created] = await tx
      .insert(bonusPromotions)
      .values({ ...columnsOf(body), orgId, createdBy: actor.userId, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    const { org_id: _orgId, ...after } = body;
    await writeAudit(tx, actor, { action: 'create', entity: 'bonus_promotion', entityId: created.id, orgId, after });
    return created;
  });
  forgetRunning(ctx);
  return toPromotion(row, now);
}

export async function updatePromotion(ctx: ServiceContext, actor: UserActor, id: number, body: PromotionBody) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, id, true);
    actor.scope.assertEditable(before.orgId);
    if (before.status === PROMO_STATUS.closed) throw conflict('promotion.closed');
    await assertReferences(tx, actor, before.orgId, body);
    const [updated] = await tx
      .update(bonusPromotions)
      .set({ ...columnsOf(body), updatedAt: now })
      .where(eq(bonusPromotions.id, id))
      .returning();
    if (!updated) throw notFound();
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'bonus_promotion',
      entityId: id,
      orgId: before.orgId,
      before: toPromotion(before, now),
      after: body,
    });
    return updated;
  });
  forgetRunning(ctx);
  return toPromotion(row, now);
}

/** §4: active → closed by the close action; a closed promotion pays nothing from then on. */
export async function closePromotion(ctx: ServiceContext, actor: UserActor, id: number) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, id, true);
    actor.scope.assertEditable(before.orgId);
    if (before.status === PROMO_STATUS.closed) throw conflict('promotion.closed');
    const [closed] = await tx
      .update(bonusPromotions)
      .set({ status: PROMO_STATUS.closed, closedAt: now, updatedAt: now })
      .where(eq(bonusPromotions.id, id))
      .returning();
    if (!closed) throw notFound();
    await writeAudit(tx, actor, { action: 'close', entity: 'bonus_promotion', entityId: id, orgId: before.orgId });
    return closed;
  });
  forgetRunning(ctx);
  return toPromotion(row, now);
}
