import {
  type MessageKey,
  OPEN_FORM_REQUIRED,
  OPEN_LINK_HOURS,
  OPEN_PROGRESS_WINDOW_MS,
  type OpenLinkKind,
  openLinkPath,
  type TCardSetup,
  type TOpenFridgeAnswer,
  type TOpenLink,
  type TOpenLinkInfo,
  type TOpenProgress,
  type TOpenPurchaseAnswer,
  translate,
  type ZCreateOpenLink,
  type ZOpenFridgeForm,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { AnonymousActor, UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { type CommandDelivery, queueLinkOpening } from '../devices/index.js';
import { getEditableMicromarket } from '../micromarkets/index.js';
import { findPaymentByKey, type PaymentProviders } from '../payments/index.js';
import { createWebSale } from '../sales/index.js';
import { customerOpenRefusal, recordRefusal } from '../sales-gate/index.js';
import { startLinkCardSetup } from './open-card.service.js';
import * as repo from './open-links.repository.js';
import { holdCard, holdKeyOf, releaseHold } from './open-purchase.service.js';

type CreateBody = z.output<typeof ZCreateOpenLink>;
type FormBody = z.output<typeof ZOpenFridgeForm>;

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
async function workingLink(ctx: ServiceContext, token: string, kind: OpenLinkKind) {
  if (!UUID.test(token)) throw notFound();
  const link = await repo.findWorkingLink(ctx.db, token.toLowerCase(), kind, ctx.clock.now());
  if (!link) throw notFound();
  return link;
}

type WorkingLink = Awaited<ReturnType<typeof workingLink>>;

/**
 * Why the link's micromarket would refuse now: for a customer, §8's payment rejection reasons
 * (the sales gate), since a customer's opening is a purchase (the gate answers a deactivated
 * micromarket "unknown micromarket identifier" and a deactivated organisation first); for a
 * courier, the same §8 text for a deactivated micromarket, then a deactivated organisation.
 */
async function refusalOf(ctx: ServiceContext, link: WorkingLink, kind: OpenLinkKind): Promise<MessageKey | null> {
  if (kind === 'customer') {
    return customerOpenRefusal(ctx.db, { micromarketId: link.micromarketId, now: ctx.clock.now() });
  }
  if (!link.active) return 'payment.refusal.unknown_micromarket';
  return link.isOrgActive ? null : 'open.organization_inactive';
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
  const refusal = await refusalOf(ctx, link, 'customer');
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
  const refusal = await refusalOf(ctx, link, kind);
  return {
    kind: link.kind,
    micromarket_name: link.name,
    address: link.address,
    refusal: refusal ? translate(refusal, actor.locale) : null,
  };
}

/** §5: every required field, named, with the one message. */
function assertRequired(body: FormBody) {
  const missing = OPEN_FORM_REQUIRED.filter((field) => !body[field]);
  if (missing.length > 0) {
    throw badRequest(
      'open.required_fields',
      Object.fromEntries(missing.map((field) => [field, 'validation.required' as const])),
    );
  }
}

/**
 * The form of a public link: records the request and queues the door opening in one
 * transaction; a courier link is used up in it too, so two phones cannot both open by it.
 * A customer's opening is a web purchase (§4 payment type 23): the sales gate's refusals
 * first, then a hold on the card, then the sale made in advance with the door command, in
 * the same transaction; the settlement captures the real amount when the door closes.
 */
type OpenOptions = {
  token: string;
  kind: OpenLinkKind;
  body: FormBody;
  delivery: CommandDelivery | null;
  payments?: PaymentProviders | null;
};
export async function openByLink(
  ctx: ServiceContext,
  actor: AnonymousActor,
  options: OpenOptions & { kind: 'courier' },
): Promise<TOpenFridgeAnswer>;
export async function openByLink(
  ctx: ServiceContext,
  actor: AnonymousActor,
  options: OpenOptions,
): Promise<TOpenPurchaseAnswer>;
export async function openByLink(
  ctx: ServiceContext,
  actor: AnonymousActor,
  options: OpenOptions,
): Promise<TOpenPurchaseAnswer> {
  const { kind, body } = options;
  const link = await workingLink(ctx, options.token, kind);
  assertRequired(body);
  // The same form sent again once its door was queued (a reload after the bank's page): that
  // opening, whatever the gate says now (its own sale is running).
  const opened = kind === 'customer' && body.attempt ? await openedBy(ctx, link.token, body.attempt) : null;
  if (opened) {
    const message = translate('device.open_door_queued', actor.locale);
    return { message, request_id: opened.requestId, command_id: opened.commandId };
  }
  const refusal = await refusalOf(ctx, link, kind);
  if (refusal) {
    // A courier's opening is no sale: only a customer's refusal is kept for the error analytics.
    if (kind === 'customer') {
      await recordRefusal(ctx.db, { micromarketId: link.micromarketId, reason: refusal, at: ctx.clock.now() });
    }
    throw conflict(refusal);
  }
  const payments = options.payments ?? null;
  const held = kind === 'customer' ? await holdCard(ctx, payments, link, body) : null;
  // The buyer's bank asks them first (3-D Secure): they come back and send the form again.
  if (held?.redirectUrl) return { redirect_url: held.redirectUrl };
  const hold = held?.hold ?? null;
  try {
    return await queueOpening(ctx, actor, { link, kind, body, delivery: options.delivery, holdId: hold?.id ?? null });
  } catch (error) {
    if (hold && payments) await releaseHold(ctx, payments, hold);
    throw error;
  }
}

/** The opening a web purchase's attempt already queued (its hold taken by the sale), if any. */
async function openedBy(ctx: ServiceContext, token: string, attempt: string) {
  const hold = await findPaymentByKey(ctx.db, holdKeyOf(token, attempt));
  if (!hold?.transactionId) return null;
  const opening = await repo.findOpeningOfSale(ctx.db, hold.transactionId);
  return opening?.commandId ? { requestId: opening.requestId, commandId: opening.commandId } : null;
}

async function queueOpening(
  ctx: ServiceContext,
  actor: AnonymousActor,
  options: {
    link: WorkingLink;
    kind: OpenLinkKind;
    body: FormBody;
    delivery: CommandDelivery | null;
    holdId: number | null;
  },
): Promise<TOpenFridgeAnswer> {
  const { link, kind, body } = options;
  const now = ctx.clock.now();
  const label = `${kind} link`;
  const { requestId, commandId } = await ctx.db.transaction(async (tx) => {
    if (kind === 'courier' && !(await repo.claimLink(tx, link.token, now))) throw notFound();
    const command = await queueLinkOpening(tx, {
      micromarketId: link.micromarketId,
      sessionKind: kind,
      label,
      now,
    });
    if (options.holdId !== null) {
      await createWebSale(tx, {
        orgId: link.orgId,
        micromarketId: link.micromarketId,
        commandId: command.id,
        customerId: null,
        holdId: options.holdId,
        now,
      });
    }
    const id = await repo.insertRequest(tx, {
      micromarketId: link.micromarketId,
      linkToken: link.token,
      kind,
      name: body.name!,
      phone: body.phone!,
      profession: body.profession ?? null,
      email: body.email ?? null,
      weights: body.weights ?? null,
      openAt: body.open_at ? new Date(body.open_at) : null,
      closeAt: body.close_at ? new Date(body.close_at) : null,
      itemsCount: body.items_count ?? null,
      notes: body.notes ?? null,
      commandId: command.id,
      ip: actor.ip,
      createdAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'open_door',
      entity: 'open_request',
      entityId: id,
      orgId: link.orgId,
      after: { kind, micromarket_id: link.micromarketId, command_id: command.id },
    });
    return { requestId: id, commandId: command.id };
  });
  await options.delivery?.deliverNow(commandId);
  return { message: translate('device.open_door_queued', actor.locale), request_id: requestId, command_id: commandId };
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
