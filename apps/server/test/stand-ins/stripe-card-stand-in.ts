import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StandInAnswer, StandInCall, StripeStandIn } from './stripe-stand-in.js';

/**
 * Saving cards at the Stripe stand-in: the account, Customers, SetupIntents and the
 * PaymentMethods a confirmed SetupIntent leaves, answered as Stripe does (the stand-in checks
 * every request and answer against Stripe's spec). `confirmSetup` is what Stripe.js's Payment
 * Element does in the customer's browser (it talks to Stripe with the publishable key, never
 * through our server); `declineSetup` is the bank refusing the card there.
 */
type Setup = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  usage: string;
  last_setup_error: Record<string, unknown> | null;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
};
type Method = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string };
  customer: string | null;
  billing_details: Record<string, unknown>;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
};

/** Stripe's test payment methods for the cards a tester types into the Payment Element. */
const TEST_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
};

const error = (status: number, message: string, extra: Record<string, unknown> = {}): StandInAnswer => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});
const ok = (body: unknown): StandInAnswer => ({ status: 200, body });
const now = () => Math.floor(Date.now() / 1000);
const idOf = (prefix: string) => `${prefix}_standin${randomBytes(6).toString('hex')}`;

export class StripeCardStandIn {
  readonly customers = new Map<string, { id: string; metadata: Record<string, string> }>();
  readonly setups = new Map<string, Setup>();
  readonly methods = new Map<string, Method>();

  constructor(
    standIn: StripeStandIn,
    readonly accountId = 'acct_standin0001',
  ) {
    standIn
      .on('GetAccount', () => ok({ id: this.accountId, object: 'account', type: 'standard', charges_enabled: true }))
      .on('PostCustomers', (call) => this.createCustomer(call))
      .on('PostSetupIntents', (call) => this.createSetup(call))
      .on('GetSetupIntentsIntent', (call) => {
        const setup = this.setups.get(call.params.intent ?? '');
        return setup
          ? ok(setup)
          : error(404, `No such setupintent: '${call.params.intent}'`, { code: 'resource_missing' });
      })
      .on('GetPaymentMethodsPaymentMethod', (call) => {
        const method = this.methods.get(call.params.payment_method ?? '');
        return method
          ? ok(method)
          : error(404, `No such PaymentMethod: '${call.params.payment_method}'`, { code: 'resource_missing' });
      })
      .on('PostPaymentMethodsPaymentMethodDetach', (call) => {
        const method = this.methods.get(call.params.payment_method ?? '');
        if (!method?.customer) {
          return error(
            400,
            'The payment method you provided is not attached to a customer so detachment is impossible.',
          );
        }
        method.customer = null;
        return ok(method);
      });
  }

  /** Stripe.js's `confirmSetup` with a test card: the SetupIntent succeeds and its card is saved to its customer. */
  confirmSetup(setupId: string, testCard: keyof typeof TEST_CARDS = 'pm_card_visa'): Method {
    const setup = this.setups.get(setupId);
    if (setup?.status !== 'requires_payment_method') throw new Error(`${setupId} cannot be confirmed`);
    const { brand, last4 } = TEST_CARDS[testCard]!;
    const method: Method = {
      id: idOf('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand, last4, exp_month: 4, exp_year: 2031, country: 'US', funding: 'credit' },
      customer: setup.customer,
      billing_details: {},
      metadata: {},
      created: now(),
      livemode: false,
    };
    this.methods.set(method.id, method);
    Object.assign(setup, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    return method;
  }

  /**
   * The customer is deleted at Stripe (its Dashboard, or `DELETE /v1/customers/:id`, which
   * Vitrina never calls): its payment methods go with it, and a request that names it is
   * answered `resource_missing` on `customer`, as Stripe answers for a customer that is gone.
   */
  deleteCustomer(customerId: string): void {
    if (!this.customers.delete(customerId)) throw new Error(`no customer ${customerId}`);
    for (const method of this.methods.values()) if (method.customer === customerId) method.customer = null;
  }

  /** The bank refuses the card in the Payment Element: the SetupIntent asks for another. */
  declineSetup(setupId: string): void {
    const setup = this.setups.get(setupId);
    if (!setup) throw new Error(`no setup ${setupId}`);
    setup.last_setup_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
  }

  private createCustomer(call: StandInCall): StandInAnswer {
    const form = call.form as { description?: string; metadata?: Record<string, string> };
    const customer = { id: idOf('cus'), metadata: form.metadata ?? {} };
    this.customers.set(customer.id, customer);
    return ok({
      ...customer,
      object: 'customer',
      description: form.description ?? null,
      created: now(),
      livemode: false,
    });
  }

  private createSetup(call: StandInCall): StandInAnswer {
    const form = call.form as {
      customer?: string;
      usage?: string;
      payment_method_types?: string[];
      metadata?: Record<string, string>;
    };
    if (form.customer && !this.customers.has(form.customer)) {
      return error(400, `No such customer: '${form.customer}'`, { code: 'resource_missing', param: 'customer' });
    }
    const id = idOf('seti');
    const setup: Setup = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      customer: form.customer ?? null,
      payment_method: null,
      payment_method_types: form.payment_method_types ?? ['card'],
      usage: form.usage ?? 'off_session',
      last_setup_error: null,
      metadata: form.metadata ?? {},
      description: null,
      created: now(),
      livemode: false,
    };
    this.setups.set(id, setup);
    return ok(setup);
  }
}

/**
 * Several Stripe accounts behind the one address the server is given (an organisation's and
 * the platform's): each request goes to the stand-in of the account its secret key names.
 */
export async function startAccounts(
  accounts: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const key = (request.headers.authorization ?? '').replace('Bearer ', '');
    const target = accounts[key] ?? Object.values(accounts)[0]!;
    const headers = Object.fromEntries(
      ['authorization', 'stripe-version', 'content-type', 'idempotency-key']
        .filter((name) => request.headers[name] !== undefined)
        .map((name) => [name, String(request.headers[name])]),
    );
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(request.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
