import { randomBytes } from 'node:crypto';
import { TEST_PAYMENT_METHOD_CARDS, type TestPaymentMethod } from '@vitrina/contract';
import type { Clock } from '../../lib/clock.js';
import type {
  CardSaving,
  CardSetupRequest,
  CreateCustomerRequest,
  ProviderCard,
  ProviderCardSetup,
  ProviderCardSetupState,
} from './card-provider.js';
import { PaymentProviderError } from './provider.js';

/** The test provider's one account: every organisation on it shares the bank, and so its cards. */
export const TEST_PROVIDER_ACCOUNT = 'test';
/** An unconfirmed setup is forgotten after a day, so abandoned forms do not pile up in memory. */
const SETUP_LIFETIME_MS = 24 * 3600_000;

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
 * memory like its payments. The offline card form confirms a setup with one of the test
 * cards, as Stripe.js does with a real one; `pm_card_chargeDeclined` saves (like Stripe's
 * 4000 0000 0000 0341) and every payment with it is declined.
 */
export class TestCardStore {
  readonly customers = new Map<string, Record<string, string>>();
  readonly setups = new Map<string, TestSetup>();
  readonly paymentMethods = new Map<string, { card: ProviderCard; declines: boolean; customer: string | null }>();
  /** What each idempotency key of a card call made, so a repeated call answers the same object. */
  private readonly made = new Map<string, string>();

  constructor(private readonly clock: Clock) {}

  private id(prefix: string): string {
    return `${prefix}_test_${randomBytes(12).toString('base64url')}`;
  }

  createCustomer(key: string, metadata: Record<string, string>): string {
    const earlier = this.made.get(key);
    if (earlier) return earlier;
    const id = this.id('cus');
    this.customers.set(id, metadata);
    this.made.set(key, id);
    return id;
  }

  createSetup(key: string, customer: string | null, metadata: Record<string, string>): TestSetup {
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
    return setup;
  }

  /** The offline form's confirmation: false for a client secret that names no setup here. */
  confirm(clientSecret: string, testCard: TestPaymentMethod): boolean {
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
    this.paymentMethods.set(card.paymentMethod, {
      card,
      declines: testCard === 'pm_card_chargeDeclined',
      customer: setup.customer,
    });
    return true;
  }

  /** A payment method saved from the declining test card. */
  declines(paymentMethod: string | undefined): boolean {
    return paymentMethod !== undefined && this.paymentMethods.get(paymentMethod)?.declines === true;
  }

  read(reference: string): ProviderCardSetupState {
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

  detach(paymentMethod: string): void {
    const method = this.paymentMethods.get(paymentMethod);
    // Saved before a restart (the bank is in memory): nothing is left to let go of.
    if (method) method.customer = null;
  }
}

/** The test provider's card saving, over the bank's store; the test provider extends it. */
export abstract class TestCards implements CardSaving {
  constructor(protected readonly store: TestCardStore) {}

  async accountId(): Promise<string> {
    return TEST_PROVIDER_ACCOUNT;
  }

  async createCustomer(request: CreateCustomerRequest): Promise<{ customer: string }> {
    return { customer: this.store.createCustomer(request.idempotencyKey, { ...request.metadata }) };
  }

  async createCardSetup(request: CardSetupRequest): Promise<ProviderCardSetup> {
    const setup = this.store.createSetup(request.idempotencyKey, request.customer ?? null, { ...request.metadata });
    return { reference: setup.id, clientSecret: setup.clientSecret };
  }

  async readCardSetup(reference: string): Promise<ProviderCardSetupState> {
    return this.store.read(reference);
  }

  async detachCard(request: { idempotencyKey: string; paymentMethod: string }): Promise<void> {
    this.store.detach(request.paymentMethod);
  }
}
