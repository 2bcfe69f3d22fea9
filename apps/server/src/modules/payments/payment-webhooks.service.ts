import type { PaymentOperation, PaymentProviderKind } from '@vitrina/contract';
import { PAYMENT_STATUS } from '@vitrina/contract';
import { systemActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { OrgScope } from '../../lib/org-scope.js';
import { writeAudit } from '../audit/index.js';
import * as repo from './payments.repository.js';
import { PaymentProviderError, type ProviderEvent, type ProviderPaymentStatus } from './provider.js';
import type { PaymentProviders } from './provider-registry.js';
import { NO_WEBHOOK_SECRET } from './webhook-signature.js';

export type IncomingWebhook = {
  orgId: number;
  provider: PaymentProviderKind;
  rawBody: string;
  signature: string | undefined;
};

/** The provider's state of a payment that completes each operation. */
const DONE_WHEN: Record<PaymentOperation, ProviderPaymentStatus | null> = {
  hold: 'held',
  capture: 'captured',
  charge: 'captured',
  release: 'released',
  refund: null,
};

/**
 * A provider's event: verified by its signature with the organisation's stored secret (none
 * stored: refused), stored raw, and processed once — the (organisation, provider, event id)
 * row is unique, since event ids are unique only within one provider account, so a repeated
 * delivery answers 2xx without doing anything again. Storing and processing share one
 * transaction: if processing fails, nothing is stored and the provider's retry starts over.
 * Processing settles ledger rows still in process that the event completes (an answer lost
 * on the way, a payment the provider finished later). An event that completes none (most
 * confirm what the provider's answer settled already) is stored as processed in one statement.
 */
export async function receiveWebhook(ctx: ServiceContext, providers: PaymentProviders, incoming: IncomingWebhook) {
  const found = await providers.forOrg(ctx.db, incoming.orgId);
  // Unknown organisation, or not this provider: nothing can verify the event, and the answer
  // is the bad signature's, so a prober learns nothing of who uses which provider.
  if (!found || found.row.provider !== incoming.provider) throw badRequest('payment.bad_signature');
  let event: ProviderEvent;
  try {
    event = found.provider.parseWebhook({ rawBody: incoming.rawBody, signature: incoming.signature });
  } catch (error) {
    // Without a stored secret nothing can be verified: said plainly, so the operator sets one.
    if (error instanceof PaymentProviderError && error.code === NO_WEBHOOK_SECRET) {
      throw badRequest('payment.webhook_secret_missing');
    }
    // A wrong signature, or a signed body that is not an event: either way not the provider's.
    throw badRequest('payment.bad_signature');
  }
  const actor = systemActor({
    via: 'webhook',
    label: `payments:${incoming.provider}`,
    scope: OrgScope.of(incoming.orgId, []),
  });
  const now = ctx.clock.now();
  const record = {
    orgId: incoming.orgId,
    provider: incoming.provider,
    eventId: event.id,
    eventType: event.type,
    payload: incoming.rawBody,
    now,
  };
  const completes = (row: repo.PaymentTransactionRow) =>
    row.status === PAYMENT_STATUS.inProcess &&
    (DONE_WHEN[row.operation as PaymentOperation] === event.paymentStatus || event.paymentStatus === 'failed');
  const findRows = (db: typeof ctx.db) =>
    event.paymentReference && event.paymentStatus
      ? repo.findByReference(db, incoming.orgId, incoming.provider, event.paymentReference)
      : Promise.resolve([]);
  // Most events confirm what the provider's answer settled already: stored as processed in one
  // statement. A row only ever leaves "in process", so one that needs this event is found by
  // the transaction below too.
  if (!(await findRows(ctx.db)).some(completes)) {
    const stored = await repo.insertWebhookEvent(ctx.db, { ...record, isProcessed: true });
    return { received: true as const, duplicate: !stored };
  }
  return ctx.db.transaction(async (tx) => {
    const stored = await repo.insertWebhookEvent(tx, record);
    if (!stored) return { received: true as const, duplicate: true };
    for (const row of await findRows(tx)) {
      if (!completes(row)) continue;
      const isDone = DONE_WHEN[row.operation as PaymentOperation] === event.paymentStatus;
      const isFailed = event.paymentStatus === 'failed';
      const settled = await repo.settle(tx, row.id, {
        status: isDone ? 1 : 2,
        ...(isFailed ? { errorCode: 'payment_failed', errorMessage: event.type } : {}),
        now,
      });
      if (settled) await providers.ledgerSettled(tx, settled);
      await writeAudit(tx, actor, {
        action: 'settle',
        entity: 'payment_transaction',
        entityId: row.id,
        orgId: incoming.orgId,
        before: { status: PAYMENT_STATUS.inProcess },
        after: { status: isDone ? 1 : 2, event: event.id },
      });
    }
    await repo.markWebhookProcessed(tx, stored.id, now);
    return { received: true as const, duplicate: false };
  });
}

/** The job that delivers the test provider's webhooks once they fall due. */
export const TEST_WEBHOOKS_JOB = 'payments.test-webhooks';

/**
 * The test provider's webhooks, delivered in-process once the clock reaches them: its bank
 * lives in memory, so there is nothing durable to deliver from. Each goes through
 * `receiveWebhook` with its signature, like a provider's POST; one that is refused is logged
 * and dropped, as a provider gives up on an endpoint that keeps refusing.
 */
export async function deliverTestWebhooks(
  ctx: ServiceContext,
  providers: PaymentProviders,
  onRefused: (error: unknown) => void,
): Promise<number> {
  let delivered = 0;
  for (const webhook of providers.testBank.takeDueWebhooks()) {
    try {
      await receiveWebhook(ctx, providers, {
        orgId: webhook.orgId,
        provider: 'test',
        rawBody: webhook.body,
        signature: webhook.signature,
      });
      delivered += 1;
    } catch (error) {
      onRefused(error);
    }
  }
  return delivered;
}
