import type { PushImportance } from '@vitrina/contract';
import type { Db } from '../../db/client.js';

/** One message for one customer, as a provider takes it. */
export type PushEnvelope = {
  messageId: number;
  userId: number;
  importance: PushImportance;
  title: string;
  body: string;
  action: string | null;
  extra: Record<string, string>;
};

/**
 * What a provider answers per customer: null when it took the message, else why not; with
 * `retryAfterMs` when the refusal is for now only (the service asked to be called again
 * later, at least that many milliseconds from now).
 */
export type PushOutcome = { userId: number; error: string | null; retryAfterMs?: number };

/**
 * Where push messages go (DESIGN §8 providers). A `transactional` provider writes only to the
 * database handle it is given, so a batch and its record commit together and a resumed send
 * can repeat nothing; any other provider is called between two transactions, and a batch cut
 * off between them is recorded as failed rather than sent a second time.
 */
export type PushProvider = {
  readonly name: string;
  readonly transactional: boolean;
  send(envelopes: readonly PushEnvelope[], db: Db): Promise<PushOutcome[]>;
};

/**
 * The built-in provider: the customer app reads its messages from the delivery rows the send
 * writes in the same transaction (`push_deliveries`, status `delivered`, `read_at` once seen),
 * so taking a batch is accepting every envelope of it.
 */
export const inboxPushProvider: PushProvider = {
  name: 'inbox',
  transactional: true,
  async send(envelopes) {
    return envelopes.map((envelope) => ({ userId: envelope.userId, error: null }));
  },
};
