import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  orgId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Who did it comes from the request's session; pass the transaction that made the change. */
export async function writeAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: request.auth?.userId ?? null,
    actingRoleId: request.auth?.actingAs?.id ?? null,
    orgId: entry.orgId ?? request.auth?.orgId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request.ip,
  });
}
