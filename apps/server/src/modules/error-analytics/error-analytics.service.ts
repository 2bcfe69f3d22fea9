import type { TErrorAnalytics, TErrorRowList, ZErrorAnalyticsQuery, ZErrorRowsQuery } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './error-analytics.repository.js';

const DAY_MS = 86_400_000;
/** The default period: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

type Period = { from?: string | undefined; to?: string | undefined };

/** Whole UTC days, both included; refused when backwards or longer than a year and a day. */
export function periodOf(now: Date, query: Period) {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(to) + DAY_MS);
  const days = (end.getTime() - start.getTime()) / DAY_MS;
  if (!(days >= 1 && days <= MAX_DAYS))
    throw badRequest('validation.report_period', { from: 'validation.report_period' });
  return { from, to, start, end };
}

function scopeOf(actor: UserActor, query: { org_id?: number | undefined; micromarket_id?: number | undefined }) {
  if (query.org_id !== undefined) actor.scope.assertVisible(query.org_id);
  return { orgIds: actor.scope.visibleIds, orgId: query.org_id, micromarketId: query.micromarket_id };
}

export async function errorAnalytics(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZErrorAnalyticsQuery>,
): Promise<TErrorAnalytics> {
  const { from, to, start, end } = periodOf(ctx.clock.now(), query);
  const filters: repo.ErrorFilters = { ...scopeOf(actor, query), start, end };
  const length = end.getTime() - start.getTime();
  const before = { ...filters, start: new Date(start.getTime() - length), end: start };
  const [totals, previous, days, groups, micromarkets, organizations] = await Promise.all([
    repo.totals(ctx.db, filters),
    repo.totals(ctx.db, before),
    repo.perDay(ctx.db, filters),
    repo.groups(ctx.db, filters),
    repo.places(ctx.db, filters, 'micromarket'),
    repo.places(ctx.db, filters, 'organization'),
  ]);
  return { from, to, totals, previous, days, groups, micromarkets, organizations };
}

export async function errorRows(
  ctx: ServiceContext,
  actor: UserActor,
  query: z.output<typeof ZErrorRowsQuery>,
): Promise<TErrorRowList> {
  const { start, end } = periodOf(ctx.clock.now(), query);
  const filters: repo.ErrorFilters = { ...scopeOf(actor, query), start, end, category: query.category, key: query.key };
  return repo.rows(ctx.db, filters, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
}
