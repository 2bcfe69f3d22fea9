import {
  type MessageKey,
  OPEN_LINK_HOURS,
  OPEN_PROGRESS_WINDOW_MS,
  type OpenLinkKind,
  openLinkPath,
  type TCardSetup,
  type TOpenLink,
  type TOpenLinkInfo,
  type TOpenProgress,
  translate,
  type ZCreateOpenLink,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { AnonymousActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { getEditableMicromarket } from '../micromarkets/index.js';
import type { PaymentProviders } from '../payments/index.js';
import { customerOpenRefusal } from '../sales-gate/index.js';
import { startLinkCardSetup } from './open-card.service.js';
import * as repo from './open-links.repository.js';

type CreateBody = z.output<typeof ZCreateOpenLink>;

const HOUR_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function linkView(ctx: ServiceContext, row: repo.OpenLinkRow): TOpenLink {
  const path = openLinkPath(row.kind, row.token);
  return {
    token: row.token,
    micromarket_id: row.micromarketId,
    kind: row.kind,
    path,
    url: `${ctx.publicUrl.replace(/\/$/, '')}${path}`,
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt ? row.usedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
  };
}

export async function createLink(ctx: ServiceContext, actor: UserActor, micromarketId: number, body: CreateBody) {
  const micromarket = await getEditableMicromarket(ctx, actor, micromarketId);
  const now = ctx.clock.now();
  const hours = body.hours ?? OPEN_LINK_HOURS[body.kind].default;
  const row = await ctx.db.transaction(async (tx) => {
    const link = await repo.insertLink(tx, {
      micromarketId,
      kind: body.kind,
      expiresAt: new Date(now.getTime() + hours * HOUR_MS),
      createdBy: actor.userId,
      createdAt: now,
    });
    // The token is the secret: the log says which micromarket and kind, not the link itself.
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'open_link',
      entityId: micromarketId,
      orgId: micromarket.org_id,
      after: { kind: body.kind, hours, expires_at: link.expiresAt.toISOString() },
    });
    return link;
  });
  return linkView(ctx, { ...row, createdByName: actor.name });
}

export async function listLinks(ctx: ServiceContext, actor: UserActor, micromarketId: number) {
  await getEditableMicromarket(ctx, actor, micromarketId);
  const rows = await repo.listActiveLinks(ctx.db, micromarketId, ctx.clock.now());
  return { items: rows.map((row) => linkView(ctx, row)) };
}

export async function revokeLink(ctx: ServiceContext, actor: UserActor, token: string) {
  const found = await repo.findLinkWithOrg(ctx.db, token);
  if (!found || !actor.scope.canSee(found.orgId)) throw notFound();
  actor.scope.assertEditable(found.orgId);
  await ctx.db.transaction(async (tx) => {
    await repo.expireLink(tx, token, ctx.clock.now());
    await writeAudit(tx, actor, {
      action: 'revoke',
      entity: 'open_link',
      entityId: found.link.micromarketId,
      orgId: found.orgId,
      before: { kind: found.link.kind, expires_at: found.link.expiresAt.toISOString() },
    });
  });
}

/** Unknown, malformed, expired, used, revoked or of the other kind: one answer for all. */
export async function workingLink(ctx: ServiceContext, token: string, kind: OpenLinkKind) {
  if (!UUID.test(token)) throw notFound();
  const link = await repo.findWorkingLink(ctx.db, token.toLowerCase(), kind, ctx.clock.now());
  if (!link) throw notFound();
  return link;
}

export type WorkingLink = Awaited<ReturnType<typeof workingLink>>;

/**
 * Why a courier link's micromarket would refuse now: §8's text for a deactivated micromarket,
 * then a deactivated organisation. A customer's opening is a purchase and asks the sales gate
 * instead (`openPurchase`).
 */
export function courierRefusal(link: WorkingLink): MessageKey | null {
  if (!link.active) return 'payment.refusal.unknown_micromarket';
  return link.isOrgActive ? null : 'open.organization_inactive';
}

/**
 * Why the link's micromarket would refuse now: for a customer, §8's payment rejection reasons
 * (the sales gate: a deactivated micromarket is "unknown micromarket identifier", a deactivated
 * organisation comes first), asked for the identified customer when there is one, so the
 * reasons about them ("blocked from the cabinet", "incorrectly counted products") apply too.
 */
export function refusalOf(
  ctx: ServiceContext,
  link: WorkingLink,
  customerId: number | null,
): Promise<MessageKey | null> {
  return customerOpenRefusal(ctx.db, { micromarketId: link.micromarketId, customerId, now: ctx.clock.now() });
}

/**
 * Starts saving the card of a purchase by a customer link, with the organisation's payment
 * system; refused with the sales gate's reason first, so no card is asked for a door that
 * would not open.
 */
export async function startOpenCardSetup(
  ctx: ServiceContext,
  providers: PaymentProviders | null,
  token: string,
): Promise<TCardSetup> {
  const link = await workingLink(ctx, token, 'customer');
  const refusal = await refusalOf(ctx, link, null);
  if (refusal) throw conflict(refusal);
  if (!providers) throw conflict('payment.not_configured');
  return startLinkCardSetup(ctx, providers, link);
}

export async function linkInfo(
  ctx: ServiceContext,
  actor: AnonymousActor,
  token: string,
  kind: OpenLinkKind,
): Promise<TOpenLinkInfo> {
  const link = await workingLink(ctx, token, kind);
  const refusal = kind === 'customer' ? await refusalOf(ctx, link, null) : courierRefusal(link);
  return {
    kind: link.kind,
    micromarket_name: link.name,
    address: link.address,
    refusal: refusal ? translate(refusal, actor.locale) : null,
  };
}

export function rateLimited(waitMs: number) {
  return new AppError(429, 'errors.rate_limited_seconds', { seconds: Math.ceil(waitMs / 1000) });
}

/** The door command's status for the page that queued it; the command id is the capability. */
export async function openingProgress(ctx: ServiceContext, commandId: string): Promise<TOpenProgress> {
  if (!UUID.test(commandId)) throw notFound();
  const since = new Date(ctx.clock.now().getTime() - OPEN_PROGRESS_WINDOW_MS);
  const found = await repo.findOpeningStatus(ctx.db, commandId.toLowerCase(), since);
  if (!found) throw notFound();
  return { status: found.status, sale: found.sale };
}
