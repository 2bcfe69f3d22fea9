import { randomBytes } from 'node:crypto';
import {
  TEST_AUTHENTICATION_PAYMENT_METHOD,
  TEST_DECLINED_PAYMENT_METHOD,
  type TestProviderSimulation,
} from '@vitrina/contract';
import type { Clock } from '../../../lib/clock.js';
import {
  type CaptureRequest,
  type ChargeRequest,
  type FindByKeyRequest,
  type HoldRequest,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type RefundRequest,
  type ReleaseRequest,
  type WebhookRequest,
  type WebhookSource,
} from '../provider.js';
import {
  parseStripeEvent,
  paymentFromIntent,
  refundFromStripe,
  type StripePaymentIntent,
  type StripeRefund,
} from '../stripe/stripe-objects.js';
import { noWebhookSecret, signPayload, verifySignature } from '../webhooks/webhook-signature.js';
import type { BankObject, BankOutcome, BankReads, TestBankStore } from './test-bank-store.js';
import { TestCardStore, TestCards } from './test-cards.js';

/** How late the test provider's webhooks come in `delayed_webhook` mode. */
export const TEST_WEBHOOK_DELAY_MS = 60_000;
/**
 * The test provider's minimum charge (and capture), 1.00 in every currency: like Stripe's, so
 * the settlement's handling of amounts below it runs offline too, and low enough for the demo.
 */
export const TEST_MINIMUM_CHARGE_MINOR = 100;
/** The test bank's 3-D Secure challenge page of a payment (test-bank-page.ts), under the server's public address. */
export const testBankChallengePath = (reference: string) =>
  `/v1/notauth/test-bank/authenticate/${encodeURIComponent(reference)}`;

type Outcome = { fingerprint: string } & ({ ok: true; value: unknown } | { ok: false; error: PaymentProviderError });
type QueuedWebhook = { source: WebhookSource; secret: string | null; body: string; dueMs: number };
/** Unsigned when the organisation has no webhook secret: the receiver refuses it, as it should. */
export type DueWebhook = { source: WebhookSource; body: string; signature: string | undefined };

/** How many objects of each kind the bank keeps in memory; the rest are read from its books when asked for. */
const BANK_MEMORY = 10_000;

/** A key's answer as the books keep it: the value, or the refusal's parts. */
function bookedOutcome(outcome: Outcome): BankOutcome {
  if (outcome.ok) return { fingerprint: outcome.fingerprint, ok: true, body: outcome.value };
  const { kind, code, reason } = outcome.error;
  return { fingerprint: outcome.fingerprint, ok: false, body: { kind, code, reason } };
}

function outcomeOf(booked: BankOutcome): Outcome {
  if (booked.ok) return { fingerprint: booked.fingerprint, ok: true, value: booked.body };
  const { kind, code, reason } = booked.body as Pick<PaymentProviderError, 'kind' | 'code' | 'reason'>;
  return { fingerprint: booked.fingerprint, ok: false, error: new PaymentProviderError(kind, code, reason) };
}

/** Put last in the map's order, so the oldest are the first let go of. */
function remember<V>(map: Map<string, V>, id: string, value: V): void {
  map.delete(id);
  map.set(id, value);
  if (map.size <= BANK_MEMORY) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}

/**
 * The built-in provider's "bank" (the spec's test payment mode): payments, refunds, cards and
 * the outcome of every idempotency key, shared by every organisation that uses the test
 * provider. With its books (`TestBankStore`, the server's case) every operation reads what it
 * needs from them and writes what it changed, so a payment made before a restart or on another
 * instance is still there to capture or refund; the maps are its working copy, the recent
 * ones only. Without books (unit tests) the maps are all there is. Webhooks wait in an outbox
 * in memory until the clock reaches them, so tests move a TestClock instead of sleeping.
 */
export class TestPaymentBank {
  readonly payments = new Map<string, StripePaymentIntent>();
  readonly refunds = new Map<string, StripeRefund>();
  readonly outcomes = new Map<string, Outcome>();
  private readonly changed = new Map<string, BankObject>();
  private readonly outbox: QueuedWebhook[] = [];
  /** Every call that reached the bank, in order, for tests: which key, which operation. */
  readonly calls: { operation: string; idempotencyKey: string }[] = [];
  /** The keys whose first answer `timeout` lost (the work done), for tests. */
  readonly lostAnswers = new Set<string>();
  /** Saved cards: customers, setups and their payment methods (test-cards.ts). */
  readonly cards: TestCardStore;

  /**
   * @param onQueued told when each webhook falls due, so the server can deliver it then (a
   *   delayed job on the job runner); tests leave it out and deliver by hand.
   * @param books where the bank keeps its objects and answers; without, in memory only.
   * @param pageUrl the server's public address, where its 3-D Secure challenge page is.
   */
  constructor(
    readonly clock: Clock,
    private readonly onQueued?: (dueMs: number) => void,
    private readonly books?: TestBankStore,
    readonly pageUrl = 'http://localhost',
  ) {
    this.cards = new TestCardStore(clock, this);
  }

  /**
   * Random, as a provider's ids are: a counter restarted with the server, and the ledger's
   * references and the stored webhook events of before the restart matched the new payments.
   */
  nextId(prefix: string): string {
    return `${prefix}_test_${randomBytes(12).toString('base64url')}`;
  }

  /** Brings what an operation reads up to date from the books: another instance or an earlier run may have changed it. */
  async refresh(reads: BankReads): Promise<void> {
    if (!this.books) return;
    const { objects, outcome } = await this.books.read(reads);
    for (const object of objects) this.place(object);
    if (reads.outcomeOf && outcome) remember(this.outcomes, reads.outcomeOf, outcomeOf(outcome));
  }

  private place(object: BankObject): void {
    if (object.kind === 'payment_intent') remember(this.payments, object.id, object.body as StripePaymentIntent);
    else if (object.kind === 'refund') remember(this.refunds, object.id, object.body as StripeRefund);
    else this.cards.place(object);
  }

  /** Notes an object the operation under way made or changed (already in its map); `commit` writes it. */
  keep(object: BankObject): void {
    this.place(object);
    this.changed.set(object.id, object);
  }

  /** Writes what the operation changed and, when given, its key's answer, in one statement. */
  async commit(answer?: { key: string; outcome: Outcome }): Promise<void> {
    const objects = [...this.changed.values()];
    this.changed.clear();
    if (answer) remember(this.outcomes, answer.key, answer.outcome);
    await this.books?.write(
      objects,
      answer ? { key: answer.key, outcome: bookedOutcome(answer.outcome) } : null,
      this.clock.now(),
    );
  }

  queueWebhook(entry: QueuedWebhook): void {
    this.outbox.push(entry);
    this.onQueued?.(entry.dueMs);
  }

  /** The webhooks due by the clock, each signed now as the provider would at delivery; they leave the outbox. */
  takeDueWebhooks(): DueWebhook[] {
    const nowMs = this.clock.nowMs();
    const due = this.outbox.filter((entry) => entry.dueMs <= nowMs);
    for (const entry of due) this.outbox.splice(this.outbox.indexOf(entry), 1);
    return due.map((entry) => ({
      source: entry.source,
      body: entry.body,
      signature: entry.secret ? signPayload(entry.body, entry.secret, Math.floor(nowMs / 1000)) : undefined,
    }));
  }

  get pendingWebhooks(): number {
    return this.outbox.length;
  }
}

/** A payment settled outside the bank's own calls (the demo seed's sales), as the bank's books keep it. */
export function settledIntent(reference: string, amountMinor: number, currency: string, key: string): BankObject {
  return intentObject(reference, amountMinor, currency, 'succeeded', key);
}

/** A payment intent as the bank keeps it: what is held is capturable, what succeeded is received. */
function intentObject(id: string, amount: number, currency: string, status: string, key: string): BankObject {
  const body: StripePaymentIntent = {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: status === 'requires_capture' ? amount : 0,
    amount_received: status === 'succeeded' ? amount : 0,
    currency: currency.toLowerCase(),
    status,
    metadata: { idempotency_key: key },
  };
  return { id, kind: 'payment_intent', idempotencyKey: key, ref: null, body };
}

/** A refund settled outside the bank's own calls (the demo seed's), as the bank's books keep it. */
export function settledRefund(reference: string, payment: BankObject, amountMinor: number, key: string): BankObject {
  const intent = payment.body as StripePaymentIntent;
  const body: StripeRefund = {
    id: reference,
    object: 'refund',
    amount: amountMinor,
    currency: intent.currency,
    payment_intent: intent.id,
    status: 'succeeded',
    metadata: { idempotency_key: key },
  };
  return { id: reference, kind: 'refund', idempotencyKey: key, ref: intent.id, body };
}

export type TestProviderOptions = {
  bank: TestPaymentBank;
  /** Whose webhooks its events are; null for the platform's provider (its own webhook address). */
  orgId: number | null;
  /** The organisation's stored secret; without one every webhook is refused. */
  webhookSecret: string | null;
  simulate: TestProviderSimulation;
};

const declined = () => new PaymentProviderError('declined', 'card_declined', 'Your card was declined.');
/** Stripe's answer to an off-session payment with a card that must authenticate every payment. */
const authenticationRequired = () =>
  new PaymentProviderError('declined', 'authentication_required', 'Your card requires authentication.');

/** Refused as Stripe refuses an amount below its minimum: a request error, not the card's. */
function assertAtLeastMinimum(amountMinor: number) {
  if (amountMinor < TEST_MINIMUM_CHARGE_MINOR) {
    throw new PaymentProviderError('refused', 'amount_too_small', 'Amount must be at least 1.00');
  }
}
const refused = (code: string, reason: string) => new PaymentProviderError('refused', code, reason);

/**
 * The built-in provider: the whole interface, offline, with switchable failures.
 * decline: holds and charges are declined; timeout: the provider does the work but the first
 * answer for each idempotency key is lost (the caller sees `unavailable`; asking again with
 * the key gets the stored result, as Stripe does); delayed_webhook: events arrive a minute
 * late by the clock; duplicate_webhook: every event is sent twice.
 */
export class TestPaymentProvider extends TestCards implements PaymentProvider {
  readonly kind = 'test' as const;

  constructor(private readonly options: TestProviderOptions) {
    super(options.bank.cards);
  }

  async testConnection(): Promise<void> {
    if (this.options.simulate === 'timeout') {
      throw new PaymentProviderError('unavailable', 'timeout', 'The test provider did not answer in time');
    }
  }

  hold(request: HoldRequest): Promise<ProviderPayment> {
    return this.run('hold', request.idempotencyKey, request, { ids: [request.paymentMethod] }, () => {
      if (
        this.options.simulate === 'decline' ||
        request.paymentMethod === TEST_DECLINED_PAYMENT_METHOD ||
        this.store.declines(request.paymentMethod)
      ) {
        throw declined();
      }
      if (this.authenticates(request.paymentMethod)) {
        // The buyer's bank asks them first: only with them present (a page to come back to).
        if (!request.returnUrl) throw authenticationRequired();
        assertAtLeastMinimum(request.amountMinor);
        const intent = this.newIntent(request.amountMinor, request.currency, 'requires_action', request.idempotencyKey);
        const url = `${this.options.bank.pageUrl.replace(/\/$/, '')}${testBankChallengePath(intent.id)}`;
        this.change(intent, {
          next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: request.returnUrl } },
        });
        return paymentFromIntent(intent);
      }
      assertAtLeastMinimum(request.amountMinor);
      const intent = this.newIntent(request.amountMinor, request.currency, 'requires_capture', request.idempotencyKey);
      this.emit('payment_intent.amount_capturable_updated', intent);
      return paymentFromIntent(intent);
    });
  }

  /**
   * The buyer's answer on the test bank's challenge page (3-D Secure): approved, the payment
   * is held; declined, it failed (Stripe: `requires_payment_method`). Each sends its event, as
   * Stripe does. Answers the page to send the buyer back to; null when the payment waits for
   * no answer (unknown, or answered already).
   */
  async authenticate(reference: string, isApproved: boolean): Promise<string | null> {
    const { bank } = this.options;
    await bank.refresh({ ids: [reference] });
    const intent = bank.payments.get(reference);
    if (intent?.status !== 'requires_action') return null;
    const returnUrl = intent.next_action?.redirect_to_url?.return_url ?? null;
    this.change(
      intent,
      isApproved
        ? { status: 'requires_capture', amount_capturable: intent.amount, next_action: null }
        : { status: 'requires_payment_method', next_action: null },
    );
    await bank.commit();
    this.emit(isApproved ? 'payment_intent.amount_capturable_updated' : 'payment_intent.payment_failed', intent);
    return returnUrl;
  }

  /** A payment waiting for the buyer on the challenge page: its amount and currency, or null. */
  async awaitingAuthentication(reference: string): Promise<{ amountMinor: number; currency: string } | null> {
    await this.options.bank.refresh({ ids: [reference] });
    const intent = this.options.bank.payments.get(reference);
    if (intent?.status !== 'requires_action') return null;
    return { amountMinor: intent.amount, currency: intent.currency.toUpperCase() };
  }

  private authenticates(paymentMethod: string | undefined): boolean {
    return paymentMethod === TEST_AUTHENTICATION_PAYMENT_METHOD || this.store.authenticates(paymentMethod);
  }

  capture(request: CaptureRequest): Promise<ProviderPayment> {
    return this.run('capture', request.idempotencyKey, request, { ids: [request.reference] }, () => {
      const intent = this.intent(request.reference);
      if (intent.status !== 'requires_capture') throw refused('payment_intent_unexpected_state', 'Nothing to capture');
      const amount = request.amountMinor ?? intent.amount_capturable;
      if (amount > intent.amount_capturable) throw refused('amount_too_large', 'More than the hold');
      assertAtLeastMinimum(amount);
      this.change(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
      this.emit('payment_intent.succeeded', intent);
      return paymentFromIntent(intent);
    });
  }

  release(request: ReleaseRequest): Promise<ProviderPayment> {
    return this.run('release', request.idempotencyKey, request, { ids: [request.reference] }, () => {
      const intent = this.intent(request.reference);
      if (intent.status !== 'requires_capture') throw refused('payment_intent_unexpected_state', 'Nothing to release');
      this.change(intent, { status: 'canceled', amount_capturable: 0 });
      this.emit('payment_intent.canceled', intent);
      return paymentFromIntent(intent);
    });
  }

  chargeSavedCard(request: ChargeRequest): Promise<ProviderPayment> {
    return this.run('charge', request.idempotencyKey, request, { ids: [request.paymentMethod] }, () => {
      if (this.options.simulate === 'decline' || this.store.declines(request.paymentMethod)) throw declined();
      // A saved card charged without the buyer: one that must authenticate every payment cannot be.
      if (this.authenticates(request.paymentMethod)) throw authenticationRequired();
      assertAtLeastMinimum(request.amountMinor);
      const intent = this.newIntent(request.amountMinor, request.currency, 'succeeded', request.idempotencyKey);
      this.emit('payment_intent.succeeded', intent);
      return paymentFromIntent(intent);
    });
  }

  refund(request: RefundRequest): Promise<ProviderRefund> {
    const reads = { ids: [request.reference], refs: [request.reference] };
    return this.run('refund', request.idempotencyKey, request, reads, () => {
      const intent = this.intent(request.reference);
      const refunded = [...this.options.bank.refunds.values()]
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const left = intent.amount_received - refunded;
      const amount = request.amountMinor ?? left;
      if (intent.status !== 'succeeded' || amount <= 0 || amount > left) {
        throw refused('charge_already_refunded', 'Nothing left to refund');
      }
      const refund: StripeRefund = {
        id: this.options.bank.nextId('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: { idempotency_key: request.idempotencyKey },
      };
      this.options.bank.keep({
        id: refund.id,
        kind: 'refund',
        idempotencyKey: request.idempotencyKey,
        ref: intent.id,
        body: refund,
      });
      this.emit('refund.created', refund);
      return {
        reference: refund.id,
        paymentReference: intent.id,
        status: 'succeeded' as const,
        amountMinor: amount,
        currency: intent.currency.toUpperCase(),
      };
    });
  }

  /**
   * The bank gives a refund it confirmed back to the merchant (a closed card account, days
   * later), as Stripe does with `refund.failed`: for tests and for trying the panel's handling.
   */
  async failRefundLater(reference: string, reason: string): Promise<void> {
    const { bank } = this.options;
    await bank.refresh({ ids: [reference] });
    const refund = bank.refunds.get(reference);
    if (refund?.status !== 'succeeded') throw refused('resource_missing', `No succeeded refund: '${reference}'`);
    Object.assign(refund, { status: 'failed', failure_reason: reason });
    bank.keep({
      id: refund.id,
      kind: 'refund',
      idempotencyKey: refund.metadata?.idempotency_key ?? null,
      ref: refund.payment_intent,
      body: refund,
    });
    await bank.commit();
    this.emit('refund.failed', refund);
  }

  minimumChargeMinor(_currency: string): number {
    return TEST_MINIMUM_CHARGE_MINOR;
  }

  async retrievePayment(reference: string): Promise<ProviderPayment> {
    await this.options.bank.refresh({ ids: [reference] });
    return paymentFromIntent(this.intent(reference));
  }

  async retrieveRefund(reference: string): Promise<ProviderRefund> {
    await this.options.bank.refresh({ ids: [reference] });
    const refund = this.options.bank.refunds.get(reference);
    if (!refund) throw refused('resource_missing', `No such refund: '${reference}'`);
    return refundFromStripe(refund);
  }

  /** The bank keeps every key's outcome, so it finds what a key made without a search index. */
  async findByKey(request: FindByKeyRequest): Promise<ProviderPayment | ProviderRefund | null> {
    const { bank } = this.options;
    await bank.refresh({ madeBy: request.idempotencyKey });
    if (request.operation === 'refund') {
      const refund = [...bank.refunds.values()].find(
        (candidate) => candidate.metadata?.idempotency_key === request.idempotencyKey,
      );
      return refund ? refundFromStripe(refund) : null;
    }
    const intent = [...bank.payments.values()].find(
      (candidate) => candidate.metadata?.idempotency_key === request.idempotencyKey,
    );
    return intent ? paymentFromIntent(intent) : null;
  }

  parseWebhook(request: WebhookRequest) {
    // An empty key would make every signature forgeable: no secret, no event.
    if (!this.options.webhookSecret) throw noWebhookSecret();
    verifySignature({
      payload: request.rawBody,
      header: request.signature,
      secret: this.options.webhookSecret,
      nowSeconds: Math.floor(this.options.bank.clock.nowMs() / 1000),
    });
    return parseStripeEvent(request.rawBody);
  }

  /**
   * One idempotent operation: a repeated key answers the first outcome (a different request
   * under the same key is refused, as Stripe does); in `timeout` mode the first answer is lost.
   */
  private async run<T>(
    operation: string,
    key: string,
    request: object,
    reads: Omit<BankReads, 'outcomeOf'>,
    perform: () => T,
  ): Promise<T> {
    const { bank } = this.options;
    bank.calls.push({ operation, idempotencyKey: key });
    await bank.refresh({ ...reads, outcomeOf: key });
    const fingerprint = JSON.stringify({ operation, request: { ...request, idempotencyKey: undefined } });
    const stored = bank.outcomes.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint)
        throw refused('idempotency_key_in_use', 'Key reused with other parameters');
      if (stored.ok) return stored.value as T;
      throw stored.error;
    }
    let outcome: Outcome;
    try {
      outcome = { fingerprint, ok: true, value: perform() };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      outcome = { fingerprint, ok: false, error };
    }
    await bank.commit({ key, outcome });
    if (this.options.simulate === 'timeout') {
      bank.lostAnswers.add(key);
      throw new PaymentProviderError('unavailable', 'timeout', 'The test provider did not answer in time');
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.value as T;
  }

  private newIntent(amount: number, currency: string, status: string, key: string): StripePaymentIntent {
    const object = intentObject(this.options.bank.nextId('pi'), amount, currency, status, key);
    this.options.bank.keep(object);
    return object.body as StripePaymentIntent;
  }

  private change(intent: StripePaymentIntent, changes: Partial<StripePaymentIntent>): void {
    Object.assign(intent, changes);
    this.options.bank.keep({
      id: intent.id,
      kind: 'payment_intent',
      idempotencyKey: intent.metadata?.idempotency_key ?? null,
      ref: null,
      body: intent,
    });
  }

  private intent(reference: string): StripePaymentIntent {
    const intent = this.options.bank.payments.get(reference);
    if (!intent) throw refused('resource_missing', `No such payment_intent: '${reference}'`);
    return intent;
  }

  private emit(type: string, object: StripePaymentIntent | StripeRefund): void {
    const { bank, orgId, webhookSecret, simulate } = this.options;
    const source: WebhookSource = orgId === null ? { kind: 'platform' } : { kind: 'org', orgId };
    const body = JSON.stringify({ id: bank.nextId('evt'), object: 'event', type, data: { object: { ...object } } });
    const dueMs = bank.clock.nowMs() + (simulate === 'delayed_webhook' ? TEST_WEBHOOK_DELAY_MS : 0);
    const copies = simulate === 'duplicate_webhook' ? 2 : 1;
    for (let i = 0; i < copies; i += 1) bank.queueWebhook({ source, secret: webhookSecret, body, dueMs });
  }
}
