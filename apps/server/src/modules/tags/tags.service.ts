import {
  canMoveTag,
  TAG_STATUSES,
  type TagStatus,
  type TTag,
  type TTagCounts,
  type TTagList,
  translate,
  type ZListTagsQuery,
  type ZTagAction,
  type ZTagCountsQuery,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { decodeCursor, encodeCursor } from './tag-cursor.js';
import * as repo from './tags.repository.js';

type ListQuery = z.output<typeof ZListTagsQuery>;
type CountsQuery = z.output<typeof ZTagCountsQuery>;
type ActionBody = z.output<typeof ZTagAction>;

/** How many offending codes a conflict names; the rest would only bury the message. */
const CODES_IN_MESSAGE = 20;

/** The list's filters inside the caller's organisations (the list, its counts and its export share them). */
export function tagFilters(ctx: ServiceContext, actor: UserActor, query: CountsQuery): repo.TagFilters {
  return {
    orgIds: actor.scope.visibleIds,
    orgId: query.org_id,
    productId: query.product_id,
    micromarketId: query.micromarket_id,
    batchId: query.batch_id,
    from: query.from,
    to: query.to,
    expiry: query.expiry,
    codePrefix: query.q || undefined,
    now: ctx.clock.now(),
  };
}

export async function listTags(ctx: ServiceContext, actor: UserActor, query: ListQuery): Promise<TTagList> {
  const afterId = decodeCursor(query.cursor);
  // One row more than the page tells whether another page follows.
  const rows = await repo.listTags(ctx.db, tagFilters(ctx, actor, query), {
    status: query.status,
    afterId,
    limit: query.per_page + 1,
  });
  const items = rows.slice(0, query.per_page);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > query.per_page && last ? encodeCursor(last.id) : null };
}

export async function countTags(ctx: ServiceContext, actor: UserActor, query: CountsQuery): Promise<TTagCounts> {
  const counts = await repo.countTagsByStatus(ctx.db, tagFilters(ctx, actor, query));
  return {
    counts: Object.fromEntries(TAG_STATUSES.map((status) => [status, counts.get(status) ?? 0])) as Record<
      TagStatus,
      number
    >,
  };
}

export async function getTag(ctx: ServiceContext, actor: UserActor, id: number): Promise<TTag> {
  const tag = await repo.findTag(ctx.db, id);
  if (!tag || !actor.scope.canSee(tag.org_id)) throw notFound();
  return tag;
}

export type TagAction = 'write_off' | 'remove';

const ACTIONS = {
  write_off: { status: 'written_off', label: 'tag.action_write_off', stamp: 'writtenOffAt' },
  remove: { status: 'removed', label: 'tag.action_remove', stamp: 'removedAt' },
} as const;

/**
 * Writes off or removes tags, all or none: every tag must be visible (404), in an
 * organisation the caller may edit (403) and allowed to move by the state machine (409).
 */
export async function applyTagAction(
  ctx: ServiceContext,
  actor: UserActor,
  action: TagAction,
  body: ActionBody,
): Promise<{ updated: number }> {
  const { status, label, stamp } = ACTIONS[action];
  const ids = [...new Set(body.ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.lockTags(tx, ids);
    if (rows.length !== ids.length || rows.some((row) => !actor.scope.canSee(row.orgId))) throw notFound();
    for (const row of rows) actor.scope.assertEditable(row.orgId);
    const illegal = rows.filter((row) => !canMoveTag(row.status, status));
    if (illegal.length > 0) {
      throw conflict('tag.illegal_transition', {
        action: translate(label, actor.locale),
        codes: illegal
          .slice(0, CODES_IN_MESSAGE)
          .map((row) => row.code)
          .join(', '),
      });
    }
    const now = ctx.clock.now();
    const updated = await repo.moveTags(tx, ids, { status, reason: body.reason, [stamp]: now, updatedAt: now });
    // One audit row per organisation touched, so each organisation's log shows its own tags.
    for (const orgId of new Set(rows.map((row) => row.orgId))) {
      const own = rows.filter((row) => row.orgId === orgId);
      await writeAudit(tx, actor, {
        action,
        entity: 'tag',
        orgId,
        before: own.map((row) => ({ id: row.id, code: row.code, status: row.status })),
        after: { ids: own.map((row) => row.id), status, reason: body.reason },
      });
    }
    return { updated };
  });
}
