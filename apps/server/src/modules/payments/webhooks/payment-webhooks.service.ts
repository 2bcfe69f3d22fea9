import type { PaymentOperation, PaymentProviderKind } from '@vitrina/contract';
import { PAYMENT_STATUS } from '@vitrina/contract';
import type { Db } from '../../../db/client.js';
import { systemActor } from '../../../lib/actor.js';
import type { ServiceContext } from '../../../lib/context.js';
import { badRequest } from '../../../lib/errors.js';
import { defineJob } from '../../../lib/job-kind.js';
import { OrgScope } from '../../../lib/org-scope.js';
import { writeAudit } from '../../audit/index.js';
import * as repo from '../payments.repository.js';
import {
  PaymentProviderError,
  type ProviderEvent,
  type ProviderPaymentStatus,
  type WebhookSource,
} from '../provider.js';
import type { PaymentProviders } from '../provider-registry.js';
import { platformProvider } from '../settings/platform-settings.service.js';
import { NO_WEBHOOK_SECRET } from './webhook-signature.js';

export type IncomingWebhook = {
  source: WebhookSource;
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

type Row = repo.PaymentTransactionRow;
/** What an event does to a row still in process: settles it, or only tells its reference (a lost answer). */
type Verdict = {
  status: 1 | 2 | 10;
  providerReference: string;
  errorCode?: string | null;
  errorMessage?: string | null;
};
/** A row the event settles or answers loses the reason it was left in process (a time-out). */
const CLEARED = { errorCode: null, errorMessage: null };

/** A row made through the account that sent the event: the organisation's own, or the platform's. */
const isOfSource = (row: Row, incoming: IncomingWebhook) =>
  row.provider === incoming.provider &&
  (incoming.source.kind === 'platform'
    ? row.throughPlatform
    : !row.throughPlatform && row.orgId === incoming.source.orgId);

/**
 * The rows in process an event is about: by the provider's reference (the payment's, or the
 * refund's), and by the idempotency key in the object's metadata: a row whose answer was lost
 * has no reference yet. A row made through another account (another organisation's, or the
 * platform's for an organisation's event) is not this one.
 */
async function rowsOf(db: Db, incoming: IncomingWebhook, event: ProviderEvent): Promise<Row[]> {
  const reference = event.refund ? event.refund.reference : event.paymentStatus ? event.paymentReference : null;
  const rows = reference ? await repo.findByReference(db, incoming.provider, reference) : [];
  const keyed = event.idempotencyKey ? await repo.findByKey(db, event.idempotencyKey) : null;
  if (keyed && keyed.providerReference === null) rows.push(keyed);
  return rows
    .filter((row) => isOfSource(row, incoming))
    .filter((row) => row.status === PAYMENT_STATUS.inProcess || isReversedRefund(row, event));
}

/**
 * A refund the bank confirmed and later reports failed (Stripe: `refund.failed`, a refund to a
 * closed card account comes back days later): the money is the merchant's again, the customer
 * got nothing, so the row is an error and the sale's refunded sum and units follow.
 */
const isReversedRefund = (row: Row, event: ProviderEvent) =>
  row.operation === 'refund' && row.status === PAYMENT_STATUS.success && event.refund?.status === 'failed';

/** What the event settles of a row: a refund's by the refund's state; a payment operation's by the payment's. */
function verdictOf(row: Row, event: ProviderEvent): Verdict | null {
  if (event.refund) {
    if (row.operation !== 'refund') return null;
    const { status, reference, failureReason } = event.refund;
    if (row.status === PAYMENT_STATUS.success && status !== 'failed') return null;
    if (status === 'succeeded') return { status: 1, providerReference: reference, ...CLEARED };
    if (status === 'failed') {
      return {
        status: 2,
        providerReference: reference,
        errorCode: 'refund_failed',
        errorMessage: failureReason ?? event.type,
      };
    }
    return row.providerReference === null ? { status: 10, providerReference: reference, ...CLEARED } : null;
  }
  if (row.operation === 'refund' || !event.paymentReference || !event.paymentStatus) return null;
  if (DONE_WHEN[row.operation as PaymentOperation] === event.paymentStatus) {
    return { status: 1, providerReference: event.paymentReference, ...CLEARED };
  }
  if (event.paymentStatus === 'failed') {
    return {
      status: 2,
      providerReference: event.paymentReference,
      errorCode: 'payment_failed',
      errorMessage: event.type,
    };
  }
  return null;
}

/**
 * A provider's event: verified by its signature with the organisation's stored secret (none
 * stored: refused), stored raw, and processed once — the (organisation, provider, event id)
 * row is unique, since event ids are unique only within one provider account, so a repeated
 * delivery answers 2xx without doing anything again. Storing and processing share one
 * transaction: if processing fails, nothing is stored and the provider's retry starts over.
 * Processing settles ledger rows still in process that the event completes: a payment the
 * provider finished later, a refund the bank confirmed or refused (`refund.updated`,
 * `charge.refund.updated`), an answer lost on the way (the row found by the key in the object's
 * metadata). An event that completes none (most confirm what the provider's answer settled
 * already) is stored as processed in one statement.
 */
export async function receiveWebhook(ctx: ServiceContext, providers: PaymentProviders, incoming: IncomingWebhook) {
  const { source } = incoming;
  const found =
    source.kind === 'platform' ? await platformProvider(ctx, providers) : await providers.forOrg(ctx.db, source.orgId);
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
  const actorOf = (orgId: number) =>
    systemActor({
      via: 'webhook',
      label: source.kind === 'platform' ? `payments:platform:${incoming.provider}` : `payments:${incoming.provider}`,
      scope: OrgScope.of(orgId, []),
    });
  const now = ctx.clock.now();
  const record = {
    orgId: source.kind === 'platform' ? null : source.orgId,
    provider: incoming.provider,
    eventId: event.id,
    eventType: event.type,
    payload: incoming.rawBody,
    now,
  };
  const changes = (row: Row) => verdictOf(row, event) !== null;
  // Most events confirm what the provider's answer settled already: stored as processed in one
  // statement. A row only ever leaves "in process", so one that needs this event is found by
  // the transaction below too.
  if (!(await rowsOf(ctx.db, incoming, event)).some(changes)) {
    const stored = await repo.insertWebhookEvent(ctx.db, { ...record, isProcessed: true });
    return { received: true as const, duplicate: !stored };
  }
  return ctx.db.transaction(async (tx) => {
    const stored = await repo.insertWebhookEvent(tx, record);
    if (!stored) return { received: true as const, duplicate: true };
    for (const row of await rowsOf(tx, incoming, event)) {
      const verdict = verdictOf(row, event);
      if (!verdict) continue;
      const settled = isReversedRefund(row, event)
        ? await repo.reverseRefund(tx, row.id, { ...verdict, now })
        : await repo.settle(tx, row.id, { ...verdict, now });
      // A refund the bank confirmed or refused, a payment finished later: the sale follows.
      if (settled && verdict.status !== PAYMENT_STATUS.inProcess) await providers.ledgerSettled(tx, settled);
      await writeAudit(tx, actorOf(row.orgId), {
        action: 'settle',
        entity: 'payment_transaction',
        entityId: row.id,
        orgId: row.orgId,
        before: { status: row.status },
        after: { status: verdict.status, event: event.id },
      });
    }
    await repo.markWebhookProcessed(tx, stored.id, now);
    return { received: true as const, duplicate: false };
  });
}

/** The job that delivers the test provider's webhooks once they fall due. */
export const TEST_WEBHOOKS_JOB = 'payments.test-webhooks';
/**
 * One delivery at a time per instance: each run takes every webhook due then, so a burst is
 * delivered by one run (the runner's `runSoon` under one key runs again once for what came
 * meanwhile). Due ones are run at once without a row (a job is three writes, at hundreds of
 * sales a second); delayed ones wait as a job row for their time.
 */
export const testWebhooksJob = defineJob({ kind: TEST_WEBHOOKS_JOB, concurrency: 1 });
export const TEST_WEBHOOKS_KEY = 'test-webhooks';

/**
 * The test provider's webhooks, delivered in-process once the clock reaches them: its outbox
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
        source: webhook.source,
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
