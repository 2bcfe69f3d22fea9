import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripePaymentIntent } from '../src/modules/payments/stripe-objects.js';

/**
 * A local stand-in for api.stripe.com: it checks every request against Stripe's documented
 * API (method and path, bearer secret key, Stripe-Version, form-encoded body with only the
 * endpoint's parameters, an Idempotency-Key on every POST) and answers as Stripe does,
 * including its idempotency (a repeated key replays the first answer; the same key with other
 * parameters is an idempotency_error). Anything off the documented shape is recorded in
 * `violations`, which the tests expect to stay empty.
 */
export type StandInRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
};

type Answer = { status: number; body: unknown };
type Intent = StripePaymentIntent & { capture_method: string; metadata: Record<string, string> };

const ROUTES: { method: string; pattern: RegExp; allowed: RegExp; required: string[] }[] = [
  { method: 'GET', pattern: /^\/v1\/balance$/, allowed: /^$/, required: [] },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents$/,
    allowed:
      /^(amount|currency|capture_method|confirm|payment_method|customer|off_session|description|metadata\[\w+\])$/,
    required: ['amount', 'currency'],
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/pi_\w+\/capture$/,
    allowed: /^(amount_to_capture|metadata\[\w+\])$/,
    required: [],
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/pi_\w+\/cancel$/,
    allowed: /^(cancellation_reason)$/,
    required: [],
  },
  {
    method: 'POST',
    pattern: /^\/v1\/refunds$/,
    allowed: /^(payment_intent|charge|amount|reason|metadata\[\w+\])$/,
    required: ['payment_intent'],
  },
];

const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});

export class StripeStandIn {
  readonly requests: StandInRequest[] = [];
  readonly violations: string[] = [];
  private readonly intents = new Map<string, Intent>();
  private readonly refunded = new Map<string, number>();
  private readonly idempotency = new Map<string, { fingerprint: string; answer: Answer }>();
  private sequence = 0;
  /** The next request is carried out but its answer is lost (the connection drops). */
  dropNextAnswer = false;
  /** The next request answers 500 without doing anything. */
  failNextWith500 = false;
  private server: http.Server | null = null;

  constructor(readonly secretKey: string) {}

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  intent(id: string): Intent | undefined {
    return this.intents.get(id);
  }

  /** Every PaymentIntent made so far. */
  allIntents(): Intent[] {
    return [...this.intents.values()];
  }

  /** PaymentIntents created under an idempotency key (kept in metadata by the adapter). */
  intentsWithKey(key: string): Intent[] {
    return [...this.intents.values()].filter((intent) => intent.metadata.idempotency_key === key);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const path = (request.url ?? '').split('?')[0] ?? '';
    const form = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path, form, idempotencyKey });
    const answer = this.answer(request, method, path, form, idempotencyKey);
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
    method: string,
    path: string,
    form: Record<string, string>,
    key: string | null,
  ): Answer {
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (!request.headers['stripe-version']) this.violations.push(`${method} ${path}: no Stripe-Version`);
    const route = ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) {
      this.violations.push(`${method} ${path}: not a documented endpoint`);
      return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
    }
    if (method === 'POST') {
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        this.violations.push(`${path}: body is not form-encoded`);
      }
      if (!key) this.violations.push(`${path}: no Idempotency-Key`);
    }
    for (const name of Object.keys(form)) {
      if (!route.allowed.test(name)) {
        this.violations.push(`${path}: unknown parameter ${name}`);
        return stripeError(400, 'invalid_request_error', `Received unknown parameter: ${name}`, { param: name });
      }
    }
    for (const name of route.required) {
      if (form[name] === undefined) {
        this.violations.push(`${path}: missing ${name}`);
        return stripeError(400, 'invalid_request_error', `Missing required param: ${name}.`, { param: name });
      }
    }
    if (this.failNextWith500) {
      this.failNextWith500 = false;
      return stripeError(500, 'api_error', 'Something went wrong on Stripe’s end.');
    }
    if (!key) return this.perform(method, path, form);
    const fingerprint = createHash('sha256')
      .update(`${method} ${path} ${new URLSearchParams(form)}`)
      .digest('hex');
    const stored = this.idempotency.get(key);
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
    const answer = this.perform(method, path, form);
    this.idempotency.set(key, { fingerprint, answer });
    return answer;
  }

  private perform(method: string, path: string, form: Record<string, string>): Answer {
    if (method === 'GET') return { status: 200, body: { object: 'balance', available: [], pending: [] } };
    if (path === '/v1/payment_intents') return this.createIntent(form);
    if (path === '/v1/refunds') return this.createRefund(form);
    const [, , , id, action] = path.split('/');
    const intent = this.intents.get(id ?? '');
    if (!intent) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`);
    if (intent.status !== 'requires_capture') {
      return stripeError(400, 'invalid_request_error', `This PaymentIntent could not be ${action}d`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    if (action === 'cancel') Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
    else {
      const amount = form.amount_to_capture ? Number(form.amount_to_capture) : intent.amount_capturable;
      if (amount > intent.amount_capturable) {
        return stripeError(400, 'invalid_request_error', 'amount_to_capture is greater than amount_capturable');
      }
      Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
    }
    return { status: 200, body: intent };
  }

  private createIntent(form: Record<string, string>): Answer {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) return stripeError(400, 'invalid_request_error', 'Invalid integer');
    if (!/^[a-z]{3}$/.test(form.currency ?? '')) {
      this.violations.push(`currency ${form.currency} is not a lowercase ISO code`);
    }
    if (form.payment_method === 'pm_card_chargeDeclined') {
      return stripeError(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
    }
    this.sequence += 1;
    const manual = form.capture_method === 'manual';
    const confirmed = form.confirm === 'true';
    const status = !confirmed ? 'requires_payment_method' : manual ? 'requires_capture' : 'succeeded';
    const intent: Intent = {
      id: `pi_standin${this.sequence}`,
      object: 'payment_intent',
      amount,
      amount_capturable: status === 'requires_capture' ? amount : 0,
      amount_received: status === 'succeeded' ? amount : 0,
      currency: form.currency ?? '',
      status,
      capture_method: manual ? 'manual' : 'automatic',
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([name]) => name.startsWith('metadata['))
          .map(([name, value]) => [name.slice(9, -1), value]),
      ),
    };
    this.intents.set(intent.id, intent);
    return { status: 200, body: intent };
  }

  private createRefund(form: Record<string, string>): Answer {
    const intent = this.intents.get(form.payment_intent ?? '');
    if (intent?.status !== 'succeeded') {
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund');
    }
    const already = this.refunded.get(intent.id) ?? 0;
    const amount = form.amount ? Number(form.amount) : intent.amount_received - already;
    if (amount < 1 || already + amount > intent.amount_received) {
      return stripeError(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount', {
        code: 'amount_too_large',
      });
    }
    this.refunded.set(intent.id, already + amount);
    this.sequence += 1;
    const refund = {
      id: `re_standin${this.sequence}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    return { status: 200, body: refund };
  }
}
