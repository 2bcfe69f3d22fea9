import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPayload } from '../../src/modules/payments/webhooks/webhook-signature.js';
import { checkStripeObject, checkStripeRequest, STRIPE_SPEC } from '../specs/stripe-spec-check.js';

/**
 * A local stand-in for api.stripe.com. Every request is checked against Stripe's published
 * OpenAPI description (stripe-spec-check.ts: operation, path and query parameters, each form
 * parameter by name, type and enumeration), plus what the description cannot say: the bearer
 * secret key, a Stripe-Version, a form-encoded body and an Idempotency-Key on every POST.
 * It answers as Stripe does, including its idempotency (a repeated key replays the first
 * answer; the same key with other parameters is an idempotency_error), the minimum charge
 * amounts, 3-D Secure (`requires_action` with a redirect when confirmed with a return_url),
 * refunds that stay `pending` until the bank settles them, and the Search API's lag. The
 * events it would send are kept in `events`, each signable with `signed`. Anything off
 * Stripe's description, in a request or in an answer it makes, is recorded in `violations`,
 * which tests expect to stay empty.
 *
 * Operations without a behaviour here answer 501 and record a violation; `on(operationId, …)`
 * adds one (customers, setup intents and payment methods are the card-saving tests').
 */
export type StandInRequest = {
  method: string;
  path: string;
  /** The body as sent, flat (`metadata[idempotency_key]`). */
  form: Record<string, string>;
  idempotencyKey: string | null;
};

export type StandInAnswer = { status: number; body: unknown };
export type StandInCall = {
  operationId: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The body decoded as Stripe reads it (nested objects and lists). */
  form: Record<string, unknown>;
  idempotencyKey: string | null;
};
export type StandInHandler = (call: StandInCall) => StandInAnswer;

export type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  confirmation_method: string;
  customer: string | null;
  payment_method: string | null;
  description: string | null;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  last_payment_error: Record<string, unknown> | null;
  client_secret: string;
  created: number;
  livemode: false;
};
export type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
};
export type StandInEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/**
 * Stripe's minimum charge amounts (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts)
 * for an account settling in USD: a charge in another currency must convert to at least
 * $0.50, here at a fixed rate (UAH at 41.5 per dollar: ₴20.75). Captures are held to it too.
 */
const MINIMUM_MINOR: Readonly<Record<string, number>> = { usd: 50, eur: 50, gbp: 30, pln: 200, uah: 2075 };
/** Stripe's test payment methods whose cards decline, or ask the cardholder to authenticate (3-D Secure). */
const DECLINING = new Set(['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined']);
const AUTHENTICATING = new Set(['pm_card_threeDSecure2Required', 'pm_card_authenticationRequired']);
/** The statuses a PaymentIntent can be canceled from. */
const CANCELABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});
const ok = (body: unknown): StandInAnswer => ({ status: 200, body });

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly violations: string[] = [];
  /** Every event Stripe would have sent, oldest first. */
  readonly events: StandInEvent[] = [];
  private readonly intents = new Map<string, Intent>();
  private readonly refunds = new Map<string, Refund>();
  private readonly returnUrls = new Map<string, string>();
  private readonly unindexed = new Set<string>();
  private readonly idempotency = new Map<string, { fingerprint: string; answer: StandInAnswer }>();
  private readonly handlers = new Map<string, StandInHandler>();
  private sequence = 0;
  private baseUrl = '';
  /** The next request is carried out but its answer is lost (the connection drops). */
  dropNextAnswer = false;
  /** The next request answers 500 without doing anything. */
  failNextWith500 = false;
  /** Refunds answer `pending` (the bank has not confirmed them) until `settleRefund`. */
  refundsPending = false;
  /** Search is eventually consistent: while on, new PaymentIntents are not found until `indexSearch`. */
  searchLags = false;
  /** The minimum charge per currency; a test moves the hryvnia's when the exchange rate moves. */
  minimumMinor: Record<string, number> = { ...MINIMUM_MINOR };
  private server: http.Server | null = null;

  constructor(readonly secretKey: string) {
    this.on('GetBalance', () => ok({ object: 'balance', available: [], pending: [], livemode: false }));
    // Asked once per new key, to keep saved cards with their account (stripe-card-stand-in.ts names its own).
    this.on('GetAccount', () => ok({ id: 'acct_standin', object: 'account', type: 'standard' }));
    this.on('PostPaymentIntents', (call) => this.createIntent(call));
    this.on('GetPaymentIntentsIntent', (call) => this.withIntent(call, (intent) => ok(intent)));
    this.on('PostPaymentIntentsIntentConfirm', (call) => this.withIntent(call, (intent) => this.confirm(intent, call)));
    this.on('PostPaymentIntentsIntentCapture', (call) => this.withIntent(call, (intent) => this.capture(intent, call)));
    this.on('PostPaymentIntentsIntentCancel', (call) => this.withIntent(call, (intent) => this.cancel(intent)));
    this.on('GetPaymentIntentsSearch', (call) => this.search(call));
    this.on('PostRefunds', (call) => this.createRefund(call));
    this.on('GetRefundsRefund', (call) => {
      const refund = this.refunds.get(call.params.refund ?? '');
      return refund ? ok(refund) : stripeError(404, 'invalid_request_error', `No such refund: '${call.params.refund}'`);
    });
    this.on('GetRefunds', (call) => {
      const data = [...this.refunds.values()].filter(
        (refund) => call.query.payment_intent === undefined || refund.payment_intent === call.query.payment_intent,
      );
      return ok({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    });
  }

  /** Gives an operation of the spec its behaviour (or another one). */
  on(operationId: string, handler: StandInHandler): this {
    if (!STRIPE_SPEC.operations.some((operation) => operation.operationId === operationId)) {
      throw new Error(`${operationId} is not an operation of the vendored Stripe spec`);
    }
    this.handlers.set(operationId, handler);
    return this;
  }

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  intent(id: string): Intent | undefined {
    return this.intents.get(id);
  }

  refund(id: string): Refund | undefined {
    return this.refunds.get(id);
  }

  /** Every PaymentIntent made so far. */
  allIntents(): Intent[] {
    return [...this.intents.values()];
  }

  /** PaymentIntents created under an idempotency key (kept in metadata by the adapter). */
  intentsWithKey(key: string): Intent[] {
    return [...this.intents.values()].filter((intent) => intent.metadata.idempotency_key === key);
  }

  /** The Search API catches up with every PaymentIntent made so far. */
  indexSearch(): void {
    this.unindexed.clear();
  }

  /** The cardholder finishes (or fails) the 3-D Secure step at their bank, as the redirect page would. */
  authenticate(id: string, outcome: 'succeeded' | 'failed'): Intent {
    const intent = this.intents.get(id);
    if (intent?.status !== 'requires_action') throw new Error(`${id} does not wait for authentication`);
    intent.next_action = null;
    if (outcome === 'failed') {
      this.decline(intent, 'payment_intent_authentication_failure');
      this.emit('payment_intent.payment_failed', intent);
    } else {
      this.authorise(intent);
    }
    return intent;
  }

  /** The bank settles a pending refund; Stripe tells of it by `refund.updated` and `charge.refund.updated`. */
  settleRefund(id: string, status: 'succeeded' | 'failed' | 'canceled', failureReason = 'declined'): Refund {
    const refund = this.refunds.get(id);
    if (refund?.status !== 'pending') throw new Error(`${id} is not pending`);
    refund.status = status;
    if (status === 'failed') refund.failure_reason = failureReason;
    this.emit('refund.updated', refund);
    this.emit('charge.refund.updated', refund);
    return refund;
  }

  /** An event as Stripe posts it to an endpoint: the body and its `Stripe-Signature` at `atSeconds`. */
  signed(event: StandInEvent, secret: string, atSeconds: number): { body: string; signature: string } {
    const body = JSON.stringify(event);
    return { body, signature: signPayload(body, secret, atSeconds) };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const url = request.url ?? '';
    const path = url.split('?')[0] ?? '';
    if (path.startsWith('/3ds/')) return this.bankPage(url, response);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path, form: Object.fromEntries(new URLSearchParams(raw)), idempotencyKey });
    const answer = this.answer(request, { method, url, raw, idempotencyKey });
    for (const object of objectsOf(answer.body)) this.violations.push(...checkStripeObject(object));
    if (this.dropNextAnswer) {
      this.dropNextAnswer = false;
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }

  private answer(
    request: http.IncomingMessage,
    call: { method: string; url: string; raw: string; idempotencyKey: string | null },
  ): StandInAnswer {
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const where = `${call.method} ${call.url.split('?')[0]}`;
    if (!request.headers['stripe-version']) this.violations.push(`${where}: no Stripe-Version`);
    const checked = checkStripeRequest({ method: call.method, url: call.url, body: call.raw });
    this.violations.push(...checked.violations);
    if (!checked.operation) return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${where})`);
    if (checked.violations.length > 0) {
      return stripeError(400, 'invalid_request_error', `Invalid request: ${checked.violations[0]}`);
    }
    if (call.method === 'POST') {
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        this.violations.push(`${where}: body is not form-encoded`);
      }
      if (!call.idempotencyKey) this.violations.push(`${where}: no Idempotency-Key`);
      else if (call.idempotencyKey.length > 255) this.violations.push(`${where}: Idempotency-Key over 255 characters`);
    }
    if (this.failNextWith500) {
      this.failNextWith500 = false;
      return stripeError(500, 'api_error', 'Something went wrong on Stripe’s end.');
    }
    const perform = () => {
      const handler = this.handlers.get(checked.operation!.operationId);
      if (!handler) {
        this.violations.push(`${checked.operation!.operationId}: the stand-in has no behaviour for it`);
        return stripeError(501, 'api_error', 'Not modelled by the stand-in');
      }
      return handler({
        operationId: checked.operation!.operationId,
        params: checked.params,
        query: checked.query,
        form: checked.form,
        idempotencyKey: call.idempotencyKey,
      });
    };
    if (call.method !== 'POST' || !call.idempotencyKey) return perform();
    const fingerprint = createHash('sha256')
      .update(`${where} ${sortedForm(call.raw)}`)
      .digest('hex');
    const stored = this.idempotency.get(call.idempotencyKey);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return stored.answer;
    }
    // The answer is kept as first given (a replay shows the state of then, as Stripe's does).
    const answer = JSON.parse(JSON.stringify(perform())) as StandInAnswer;
    this.idempotency.set(call.idempotencyKey, { fingerprint, answer });
    return answer;
  }

  private nextId(prefix: string) {
    this.sequence += 1;
    return `${prefix}_standin${this.sequence}${randomBytes(3).toString('hex')}`;
  }

  private emit(type: string, object: Intent | Refund) {
    if (!STRIPE_SPEC.eventTypes.includes(type)) this.violations.push(`event ${type} is not a Stripe event type`);
    this.events.push({
      id: this.nextId('evt'),
      object: 'event',
      api_version: STRIPE_SPEC.source.apiVersion,
      created: Math.floor(Date.now() / 1000),
      data: { object: JSON.parse(JSON.stringify(object)) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  private withIntent(call: StandInCall, act: (intent: Intent) => StandInAnswer): StandInAnswer {
    const intent = this.intents.get(call.params.intent ?? '');
    if (!intent) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${call.params.intent}'`);
    return act(intent);
  }

  private belowMinimum(amount: number, currency: string): StandInAnswer | null {
    const minimum = this.minimumMinor[currency] ?? 50;
    if (amount >= minimum) return null;
    return stripeError(400, 'invalid_request_error', `Amount must convert to at least ${minimum} ${currency}`, {
      code: 'amount_too_small',
      param: 'amount',
    });
  }

  private createIntent(call: StandInCall): StandInAnswer {
    const form = call.form as Record<string, string | Record<string, string>>;
    const amount = Number(form.amount);
    const currency = String(form.currency);
    if (!/^[a-z]{3}$/.test(currency)) this.violations.push(`currency ${currency} is not a lowercase ISO code`);
    const small = this.belowMinimum(amount, currency);
    if (small) return small;
    const id = this.nextId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      capture_method: form.capture_method === 'manual' ? 'manual' : 'automatic',
      confirmation_method: 'automatic',
      customer: typeof form.customer === 'string' ? form.customer : null,
      payment_method: typeof form.payment_method === 'string' ? form.payment_method : null,
      description: typeof form.description === 'string' ? form.description : null,
      metadata: typeof form.metadata === 'object' ? { ...form.metadata } : {},
      next_action: null,
      last_payment_error: null,
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    if (this.searchLags) this.unindexed.add(id);
    return form.confirm === 'true' ? this.confirm(intent, call) : ok(intent);
  }

  /** Confirms with the intent's (or the call's) payment method: declined, authenticated by the cardholder, or authorised. */
  private confirm(intent: Intent, call: StandInCall): StandInAnswer {
    const form = call.form as Record<string, string>;
    if (form.payment_method) intent.payment_method = form.payment_method;
    if (form.return_url) this.returnUrls.set(intent.id, form.return_url);
    if (!intent.payment_method) {
      return stripeError(400, 'invalid_request_error', 'You must provide a payment method', {
        code: 'parameter_missing',
      });
    }
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent cannot be confirmed', {
        code: 'payment_intent_unexpected_state',
      });
    }
    if (DECLINING.has(intent.payment_method)) {
      this.decline(intent, 'card_declined');
      return stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: intent,
      });
    }
    if (AUTHENTICATING.has(intent.payment_method)) {
      if (form.off_session === 'true') {
        this.decline(intent, 'authentication_required');
        return stripeError(402, 'card_error', 'Your card requires authentication.', {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          payment_intent: intent,
        });
      }
      const returnUrl = this.returnUrls.get(intent.id);
      intent.status = 'requires_action';
      intent.next_action = returnUrl
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${this.baseUrl}/3ds/${intent.id}`, return_url: returnUrl },
          }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return ok(intent);
    }
    this.authorise(intent);
    return ok(intent);
  }

  private authorise(intent: Intent) {
    if (intent.capture_method === 'manual') {
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
      this.emit('payment_intent.amount_capturable_updated', intent);
    } else {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      this.emit('payment_intent.succeeded', intent);
    }
  }

  private decline(intent: Intent, code: string) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code, message: 'The card was declined.' };
  }

  private capture(intent: Intent, call: StandInCall): StandInAnswer {
    if (intent.status !== 'requires_capture') {
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent could not be captured', {
        code: 'payment_intent_unexpected_state',
      });
    }
    const form = call.form as Record<string, string>;
    const amount = form.amount_to_capture ? Number(form.amount_to_capture) : intent.amount_capturable;
    if (amount > intent.amount_capturable) {
      return stripeError(400, 'invalid_request_error', 'amount_to_capture is greater than amount_capturable', {
        code: 'amount_too_large',
        param: 'amount_to_capture',
      });
    }
    const small = this.belowMinimum(amount, intent.currency);
    if (small) return small;
    Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    this.emit('payment_intent.succeeded', intent);
    return ok(intent);
  }

  private cancel(intent: Intent): StandInAnswer {
    if (!CANCELABLE.has(intent.status)) {
      return stripeError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent (${intent.status})`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    Object.assign(intent, { status: 'canceled', amount_capturable: 0, next_action: null });
    this.emit('payment_intent.canceled', intent);
    return ok(intent);
  }

  /** Stripe's Search Query Language, the part the adapter uses: `metadata['key']:'value'` clauses joined by AND. */
  private search(call: StandInCall): StandInAnswer {
    const query = String(call.query.query ?? '');
    const clauses = query.split(/\s+AND\s+/);
    const wanted: [string, string][] = [];
    for (const clause of clauses) {
      const match = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(clause.trim());
      if (!match) {
        this.violations.push(`search query clause the stand-in does not read: ${clause}`);
        return stripeError(400, 'invalid_request_error', `Invalid search query: ${clause}`);
      }
      wanted.push([match[1]!, match[2]!.replace(/\\(.)/g, '$1')]);
    }
    const data = [...this.intents.values()].filter(
      (intent) => !this.unindexed.has(intent.id) && wanted.every(([key, value]) => intent.metadata[key] === value),
    );
    return ok({ object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
  }

  private createRefund(call: StandInCall): StandInAnswer {
    const form = call.form as Record<string, string | Record<string, string>>;
    const intent = this.intents.get(String(form.payment_intent ?? ''));
    if (intent?.status !== 'succeeded') {
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund');
    }
    const already = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id && !['failed', 'canceled'].includes(refund.status))
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = form.amount ? Number(form.amount) : intent.amount_received - already;
    if (amount < 1 || already + amount > intent.amount_received) {
      return stripeError(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount', {
        code: 'amount_too_large',
      });
    }
    const refund: Refund = {
      id: this.nextId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: this.refundsPending ? 'pending' : 'succeeded',
      metadata: typeof form.metadata === 'object' ? { ...form.metadata } : {},
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    this.emit('refund.created', refund);
    return ok(refund);
  }

  /** The cardholder's bank page of a 3-D Secure redirect: `?outcome=failed` fails it; back to the return_url either way. */
  private bankPage(url: string, response: http.ServerResponse) {
    const [path = '', search = ''] = url.split('?');
    const id = path.slice('/3ds/'.length);
    const outcome = new URLSearchParams(search).get('outcome') === 'failed' ? 'failed' : 'succeeded';
    const returnUrl = this.returnUrls.get(id);
    if (!returnUrl || this.intents.get(id)?.status !== 'requires_action') {
      response.writeHead(404).end();
      return;
    }
    const intent = this.authenticate(id, outcome);
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set('redirect_status', outcome);
    response.writeHead(302, { location: back.toString() }).end();
  }
}

/** A body's form sorted by name, so the same parameters in another order are the same request. */
function sortedForm(raw: string): string {
  return [...new URLSearchParams(raw)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The Stripe objects in an answer (a list's or an error's too), for checking against the description. */
function objectsOf(body: unknown): Record<string, unknown>[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.data)) return record.data as Record<string, unknown>[];
  if (record.error && typeof record.error === 'object') {
    const intent = (record.error as { payment_intent?: Record<string, unknown> }).payment_intent;
    return intent ? [intent] : [];
  }
  return typeof record.object === 'string' && !['list', 'search_result'].includes(record.object) ? [record] : [];
}
