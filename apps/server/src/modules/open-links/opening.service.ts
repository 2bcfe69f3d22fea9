import { randomUUID } from 'node:crypto';
import {
  OPEN_FORM_REQUIRED,
  type OpenLinkKind,
  type TOpenFridgeAnswer,
  type TOpenPurchaseAnswer,
  translate,
  type ZOpenFridgeForm,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { openRequests } from '../../db/schema/index.js';
import type { AnonymousActor, CustomerActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeAudit } from '../audit/index.js';
import { type CommandDelivery, queueLinkOpening } from '../device-commands/index.js';
import { findPaymentByKey, type PaymentProviders } from '../payments/index.js';
import { createWebSale } from '../sales/index.js';
import { recordRefusal } from '../sales-gate/index.js';
import * as repo from './open-links.repository.js';
import { courierRefusal, refusalOf, type WorkingLink, workingLink } from './open-links.service.js';
import {
  appHoldKeyOf,
  guestCard,
  type HoldingCard,
  holdForOpening,
  holdKeyOf,
  releaseHold,
  releaseUntakenHold,
  savedCard,
} from './open-purchase.service.js';

/**
 * Opening a door by a link (§2's public pages) or by the customer app: the request kept, the
 * door command queued, and for a customer the purchase around it (the sales gate, the hold,
 * the sale made in advance).
 */

type FormBody = z.output<typeof ZOpenFridgeForm>;

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

/** What the open request keeps of who asked: the form's fields, or the customer's name and phone. */
type RequestValues = Pick<
  typeof openRequests.$inferInsert,
  'name' | 'phone' | 'profession' | 'email' | 'weights' | 'openAt' | 'closeAt' | 'itemsCount' | 'notes'
>;

const formRequest = (body: FormBody): RequestValues => ({
  name: body.name!,
  phone: body.phone!,
  profession: body.profession ?? null,
  email: body.email ?? null,
  weights: body.weights ?? null,
  openAt: body.open_at ? new Date(body.open_at) : null,
  closeAt: body.close_at ? new Date(body.close_at) : null,
  itemsCount: body.items_count ?? null,
  notes: body.notes ?? null,
});

/**
 * The form of a public link: records the request and queues the door opening in one
 * transaction; a courier link is used up in it too, so two phones cannot both open by it.
 * A customer's opening is a web purchase (§4 payment type 23, `openPurchase`).
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
  const { kind, body, delivery } = options;
  const link = await workingLink(ctx, options.token, kind);
  assertRequired(body);
  const request = formRequest(body);
  if (kind === 'courier') {
    const refusal = courierRefusal(link);
    // A courier's opening is no sale: its refusal is not kept for the error analytics.
    if (refusal) throw conflict(refusal);
    return queueOpening(ctx, actor, { link, kind, label: 'courier link', request, delivery });
  }
  const payments = options.payments ?? null;
  const attempt = body.attempt ?? randomUUID();
  return openPurchase(ctx, actor, {
    link,
    customerId: null,
    label: 'customer link',
    request,
    holdKey: holdKeyOf(link.token, attempt),
    card: () => guestCard(ctx, payments, link, body, attempt),
    delivery,
    payments,
  });
}

/**
 * The customer app opens a micromarket of the customer's own organisation by the QR code on it
 * (its customer link's token; another organisation's, or a link that does not work, is 404): a
 * web purchase like the guest's, for this customer, with their saved card, 3-D Secure included.
 */
export async function openByApp(
  ctx: ServiceContext,
  actor: CustomerActor,
  options: { token: string; attempt: string; delivery: CommandDelivery | null; payments: PaymentProviders | null },
): Promise<TOpenPurchaseAnswer> {
  const link = await workingLink(ctx, options.token, 'customer');
  if (link.orgId !== actor.orgId) throw notFound();
  // The bank may ask the customer first (3-D Secure): `{ redirect_url }`, and the app sends the
  // same attempt again once they are back, as the guest's page sends its form.
  return openPurchase(ctx, actor, {
    link,
    customerId: actor.userId,
    label: 'customer app',
    request: { name: actor.name, phone: actor.phone ?? '' },
    holdKey: appHoldKeyOf(link.token, actor.userId, options.attempt),
    card: () => savedCard(ctx, actor.userId, actor.locale),
    delivery: options.delivery,
    payments: options.payments,
  });
}

type Purchase = {
  link: WorkingLink;
  customerId: number | null;
  label: string;
  request: RequestValues;
  holdKey: string;
  /** The card to hold, asked only once the gate lets the customer in. */
  card: () => Promise<HoldingCard>;
  delivery: CommandDelivery | null;
  payments: PaymentProviders | null;
};

/**
 * A customer's opening, a web purchase (§4 payment type 23), the one path of the guest's page
 * and the customer app: the same attempt sent again once its door was queued answers that
 * opening; else the sales gate's refusals (kept for the error analytics, with the customer),
 * then a hold on the card, then the sale made in advance (with the customer, if identified)
 * with the door command, in the same transaction; the settlement captures the real amount
 * when the door closes. A hold whose door cannot be queued is let go.
 */
async function openPurchase(
  ctx: ServiceContext,
  actor: AnonymousActor | CustomerActor,
  purchase: Purchase,
): Promise<TOpenPurchaseAnswer> {
  // Sent again once its door was queued (a reload after the bank's page, a retried tap): that
  // opening, whatever the gate says now (its own sale is running).
  const opened = await openedBy(ctx, purchase.holdKey);
  if (opened) return openingAnswer(actor, opened);
  return oneOpeningAtATime(ctx, purchase.link.micromarketId, async () => {
    // The same attempt raced in from another tab or instance and finished first: that opening.
    const won = await openedBy(ctx, purchase.holdKey);
    if (won) return openingAnswer(actor, won);
    return gateHoldAndQueue(ctx, actor, purchase);
  });
}

const openingAnswer = (actor: AnonymousActor | CustomerActor, opened: { requestId: number; commandId: string }) => ({
  message: translate('device.open_door_queued', actor.locale),
  request_id: opened.requestId,
  command_id: opened.commandId,
});

/**
 * How long one request may hold a micromarket's opening: well past the provider's time-outs of
 * the few calls an opening makes. A claim of an instance that died meanwhile ends then.
 */
export const OPENING_CLAIM_MS = 60_000;

/**
 * One customer opening of a micromarket at a time, across instances: the sales gate reads the
 * micromarket's running sales, the hold and the sale come after it, so two forms raced past the
 * gate together would both hold and both open. A second request meanwhile is refused (409,
 * `open.opening_in_progress`); the claim is a row of the database, let go when the request ends.
 */
async function oneOpeningAtATime<T>(ctx: ServiceContext, micromarketId: number, run: () => Promise<T>): Promise<T> {
  const claim = { micromarketId, claim: randomUUID() };
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + OPENING_CLAIM_MS);
  if (!(await repo.claimOpening(ctx.db, { ...claim, now, expiresAt }))) throw conflict('open.opening_in_progress');
  try {
    return await run();
  } finally {
    await repo.releaseOpening(ctx.db, claim);
  }
}

async function gateHoldAndQueue(
  ctx: ServiceContext,
  actor: AnonymousActor | CustomerActor,
  purchase: Purchase,
): Promise<TOpenPurchaseAnswer> {
  const { link, customerId, payments } = purchase;
  const refusal = await refusalOf(ctx, link, customerId);
  if (refusal) {
    await recordRefusal(ctx.db, {
      micromarketId: link.micromarketId,
      reason: refusal,
      customerId,
      at: ctx.clock.now(),
    });
    // Approved at the bank, then refused here (someone opened the fridge meanwhile): the
    // buyer's money is let go now, not by the release job a quarter of an hour later.
    if (payments) await releaseUntakenHold(ctx, payments, purchase.holdKey);
    throw conflict(refusal);
  }
  const card = await purchase.card();
  const held = await holdForOpening(ctx, payments, { buyer: link, idempotencyKey: purchase.holdKey, card });
  // The buyer's bank asks them first (3-D Secure): they come back and send the form again.
  if (held.redirectUrl) return { redirect_url: held.redirectUrl };
  try {
    return await queueOpening(ctx, actor, {
      link,
      kind: 'customer',
      label: purchase.label,
      request: purchase.request,
      delivery: purchase.delivery,
      sale: { customerId, holdId: held.hold.id },
    });
  } catch (error) {
    if (payments) await releaseHold(ctx, payments, held.hold);
    throw error;
  }
}

/** The opening a web purchase's attempt already queued (its hold taken by the sale), if any. */
async function openedBy(ctx: ServiceContext, holdKey: string) {
  const hold = await findPaymentByKey(ctx.db, holdKey);
  if (!hold?.transactionId) return null;
  const opening = await repo.findOpeningOfSale(ctx.db, hold.transactionId);
  return opening?.commandId ? { requestId: opening.requestId, commandId: opening.commandId } : null;
}

async function queueOpening(
  ctx: ServiceContext,
  actor: AnonymousActor | CustomerActor,
  options: {
    link: WorkingLink;
    kind: OpenLinkKind;
    /** Who opens, for the door command's log. */
    label: string;
    request: RequestValues;
    delivery: CommandDelivery | null;
    /** A customer's purchase: the sale made in advance takes the hold. */
    sale?: { customerId: number | null; holdId: number };
  },
): Promise<TOpenFridgeAnswer> {
  const { link, kind, sale } = options;
  const now = ctx.clock.now();
  const { requestId, commandId } = await ctx.db.transaction(async (tx) => {
    if (kind === 'courier' && !(await repo.claimLink(tx, link.token, now))) throw notFound();
    const command = await queueLinkOpening(tx, {
      micromarketId: link.micromarketId,
      sessionKind: kind,
      label: options.label,
      now,
    });
    if (sale) {
      await createWebSale(tx, {
        orgId: link.orgId,
        micromarketId: link.micromarketId,
        commandId: command.id,
        customerId: sale.customerId,
        holdId: sale.holdId,
        now,
      });
    }
    const id = await repo.insertRequest(tx, {
      ...options.request,
      micromarketId: link.micromarketId,
      linkToken: link.token,
      kind,
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
