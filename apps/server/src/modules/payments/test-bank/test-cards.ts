import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHOD_CARDS, type TestPaymentMethod } from '@vitrina/contract';
import type { Clock } from '../../../lib/clock.js';
import type {
  CardSaving,
  CardSetupRequest,
  CreateCustomerRequest,
  ProviderCard,
  ProviderCardSetup,
  ProviderCardSetupState,
} from '../card-provider.js';
import { PaymentProviderError } from '../provider.js';
import type { BankBooks, BankKind, BankObject } from './test-bank-store.js';

/** The test provider's one account: every organisation on it shares the bank, and so its cards. */
export const TEST_PROVIDER_ACCOUNT = 'test';
/** An unconfirmed setup is let go of from memory after a day, so abandoned forms do not pile up there. */
const SETUP_LIFETIME_MS = 24 * 3600_000;

type TestPaymentMethodRecord = {
  card: ProviderCard;
  declines: boolean;
  /** Saved from the 3-D Secure test card: every payment asks the buyer's bank first. */
  authenticates?: boolean;
  customer: string | null;
};

type TestSetup = {
  id: string;
  clientSecret: string;
  customer: string | null;
  metadata: Record<string, string>;
  createdMs: number;
  card: ProviderCard | null;
};

const missing = (what: string, id: string) =>
  new PaymentProviderError('refused', 'resource_missing', `No such ${what}: '${id}'`);

/**
 * The test bank's cards: customers, setups and the payment methods confirmed setups leave, in
 * the bank's books like its payments. The offline card form confirms a setup with one of the test
 * cards, as Stripe.js does with a real one; `pm_card_chargeDeclined` saves (like Stripe's
 * 4000 0000 0000 0341) and every payment with it is declined.
 */
export class TestCardStore {
  readonly customers = new Map<string, Record<string, string>>();
  readonly setups = new Map<string, TestSetup>();
  readonly paymentMethods = new Map<string, TestPaymentMethodRecord>();
  /** What each idempotency key of a card call made, so a repeated call answers the same object. */
  private readonly made = new Map<string, string>();

  constructor(
    private readonly clock: Clock,
    private readonly books: BankBooks,
  ) {}

  /** An object read from the books. */
  place(object: BankObject): void {
    if (object.idempotencyKey) this.made.set(object.idempotencyKey, object.id);
    if (object.kind === 'customer') this.customers.set(object.id, object.body as Record<string, string>);
    if (object.kind === 'setup_intent') this.setups.set(object.id, object.body as TestSetup);
    if (object.kind === 'payment_method') this.paymentMethods.set(object.id, object.body as TestPaymentMethodRecord);
  }

  private keep(kind: BankKind, id: string, body: unknown, idempotencyKey: string | null, ref: string | null = null) {
    this.books.keep({ id, kind, idempotencyKey, ref, body });
  }

  private id(prefix: string): string {
    return `${prefix}_test_${randomBytes(12).toString('base64url')}`;
  }

  async createCustomer(key: string, metadata: Record<string, string>): Promise<string> {
    await this.books.refresh({ madeBy: key });
    const earlier = this.made.get(key);
    if (earlier) return earlier;
    const id = this.id('cus');
    this.customers.set(id, metadata);
    this.made.set(key, id);
    this.keep('customer', id, metadata, key);
    await this.books.commit();
    return id;
  }

  async createSetup(key: string, customer: string | null, metadata: Record<string, string>): Promise<TestSetup> {
    await this.books.refresh({ madeBy: key, ids: [customer] });
    const earlier = this.setups.get(this.made.get(key) ?? '');
    if (earlier) return earlier;
    if (customer !== null && !this.customers.has(customer)) throw missing('customer', customer);
    const nowMs = this.clock.nowMs();
    for (const [id, setup] of this.setups) {
      if (!setup.card && nowMs - setup.createdMs > SETUP_LIFETIME_MS) this.setups.delete(id);
    }
    const id = this.id('seti');
    const setup = {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
      customer,
      metadata,
      createdMs: nowMs,
      card: null,
    };
    this.setups.set(id, setup);
    this.made.set(key, id);
    this.keep('setup_intent', id, setup, key, setup.clientSecret);
    await this.books.commit();
    return setup;
  }

  /** The offline form's confirmation: false for a client secret that names no setup here. */
  async confirm(clientSecret: string, testCard: TestPaymentMethod): Promise<boolean> {
    await this.books.refresh({ refs: [clientSecret] });
    const setup = [...this.setups.values()].find((candidate) => candidate.clientSecret === clientSecret);
    if (!setup) return false;
    // Confirmed once: a second confirmation (a double click) keeps the first card.
    if (setup.card) return true;
    const { brand, last4 } = TEST_PAYMENT_METHOD_CARDS[testCard];
    const card: ProviderCard = {
      paymentMethod: this.id('pm'),
      brand,
      last4,
      expMonth: 12,
      expYear: new Date(this.clock.nowMs()).getUTCFullYear() + 3,
    };
    setup.card = card;
    const method = {
      card,
      declines: testCard === 'pm_card_chargeDeclined',
      authenticates: testCard === 'pm_card_authenticationRequired',
      customer: setup.customer,
    };
    this.paymentMethods.set(card.paymentMethod, method);
    this.keep('setup_intent', setup.id, setup, null, setup.clientSecret);
    this.keep('payment_method', card.paymentMethod, method, null);
    await this.books.commit();
    return true;
  }

  /** A payment method saved from the declining test card. */
  declines(paymentMethod: string | undefined): boolean {
    return paymentMethod !== undefined && this.paymentMethods.get(paymentMethod)?.declines === true;
  }

  /** A payment method saved from the 3-D Secure test card (4000 0027 6000 3184). */
  authenticates(paymentMethod: string | undefined): boolean {
    return paymentMethod !== undefined && this.paymentMethods.get(paymentMethod)?.authenticates === true;
  }

  async read(reference: string): Promise<ProviderCardSetupState> {
    await this.books.refresh({ ids: [reference] });
    const setup = this.setups.get(reference);
    if (!setup) throw missing('setup_intent', reference);
    return {
      reference,
      status: setup.card ? 'succeeded' : 'pending',
      customer: setup.customer,
      metadata: setup.metadata,
      card: setup.card,
      failureReason: null,
    };
  }

  async detach(paymentMethod: string): Promise<void> {
    await this.books.refresh({ ids: [paymentMethod] });
    const method = this.paymentMethods.get(paymentMethod);
    if (!method) return;
    method.customer = null;
    this.keep('payment_method', paymentMethod, method, null);
    await this.books.commit();
  }
}

/** The test provider's card saving, over the bank's store; the test provider extends it. */
export abstract class TestCards implements CardSaving {
  constructor(protected readonly store: TestCardStore) {}

  async accountId(): Promise<string> {
    return TEST_PROVIDER_ACCOUNT;
  }

  async createCustomer(request: CreateCustomerRequest): Promise<{ customer: string }> {
    return { customer: await this.store.createCustomer(request.idempotencyKey, { ...request.metadata }) };
  }

  async createCardSetup(request: CardSetupRequest): Promise<ProviderCardSetup> {
    const setup = await this.store.createSetup(request.idempotencyKey, request.customer ?? null, {
      ...request.metadata,
    });
    return { reference: setup.id, clientSecret: setup.clientSecret };
  }

  async readCardSetup(reference: string): Promise<ProviderCardSetupState> {
    return this.store.read(reference);
  }

  async detachCard(request: { idempotencyKey: string; paymentMethod: string }): Promise<void> {
    await this.store.detach(request.paymentMethod);
  }
}
