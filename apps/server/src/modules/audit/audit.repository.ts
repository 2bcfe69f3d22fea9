import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AnyActor } from '../../lib/actor.js';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  orgId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Who did it comes from the actor; pass the transaction that made the change. */
export async function writeAudit(db: Db, actor: AnyActor, entry: AuditEntry): Promise<void> {
  const user = actor.kind === 'user' ? actor : null;
  const customer = actor.kind === 'customer' ? actor : null;
  await db.insert(auditLog).values({
    actorUserId: user?.userId ?? customer?.userId ?? null,
    actingRoleId: user?.actingAs?.id ?? null,
    orgId: entry.orgId ?? user?.orgId ?? customer?.orgId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    via: actor.via,
    actorLabel: actor.kind === 'system' ? actor.label : null,
  });
}
