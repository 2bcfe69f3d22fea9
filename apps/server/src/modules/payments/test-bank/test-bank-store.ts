import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { preparedSql } from '../../../db/prepared.js';

/** The Stripe object kinds the test bank keeps (the `object` field of each). */
export type BankKind = 'payment_intent' | 'refund' | 'customer' | 'setup_intent' | 'payment_method';

export type BankObject = {
  id: string;
  kind: BankKind;
  /** The idempotency key of the request that made it. */
  idempotencyKey: string | null;
  /** What it is found by besides its id: a refund's payment intent, a setup's client secret. */
  ref: string | null;
  body: unknown;
};

/** The answer a key got: its request's fingerprint and the value, or the refusal's parts. */
export type BankOutcome = { fingerprint: string; ok: boolean; body: unknown };

/** What one operation reads: objects by id, by `ref`, or made by an idempotency key, and a key's answer. */
export type BankReads = {
  ids?: readonly (string | null | undefined)[];
  refs?: readonly (string | null | undefined)[];
  madeBy?: string | undefined;
  outcomeOf?: string | undefined;
};

/** What the test bank's cards need of it: its books, read before and written after each call. */
export type BankBooks = {
  refresh(reads: BankReads): Promise<void>;
  keep(object: BankObject): void;
  commit(): Promise<void>;
};

const present = (values: readonly (string | null | undefined)[] = []) =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

/** The objects asked for and the key's answer in one statement (`src`: object or outcome). */
const readBooks = preparedSql<{ ids: string[]; refs: string[]; keys: string[]; key: string | null }>(sql`
  SELECT 'object' AS src, id, kind, idempotency_key, ref, body, NULL::text AS fingerprint, NULL::boolean AS ok
  FROM test_bank_objects
  WHERE id = ANY(${sql.placeholder('ids')}::text[])
     OR ref = ANY(${sql.placeholder('refs')}::text[])
     OR idempotency_key = ANY(${sql.placeholder('keys')}::text[])
  UNION ALL
  SELECT 'outcome', idempotency_key, NULL, NULL, NULL, body, fingerprint, ok
  FROM test_bank_outcomes WHERE idempotency_key = ${sql.placeholder('key')}::text`);

/**
 * The changed objects and, when given, a key's answer, in one statement: the answer is kept
 * only with what it made. A key answered already keeps its first answer.
 */
const writeChanges = preparedSql<{
  objects: string;
  key: string | null;
  fingerprint: string;
  ok: boolean;
  outcome: string;
  now: string;
}>(sql`
  WITH changed AS (
    INSERT INTO test_bank_objects (id, kind, idempotency_key, ref, body, updated_at)
    SELECT o->>'id', o->>'kind', o->>'idempotencyKey', o->>'ref', o->'body', ${sql.placeholder('now')}::timestamptz
    FROM jsonb_array_elements(${sql.placeholder('objects')}::jsonb) AS o
    ON CONFLICT (id) DO UPDATE SET body = excluded.body, ref = excluded.ref, updated_at = excluded.updated_at
  )
  INSERT INTO test_bank_outcomes (idempotency_key, fingerprint, ok, body, created_at)
  SELECT ${sql.placeholder('key')}::text, ${sql.placeholder('fingerprint')}::text, ${sql.placeholder('ok')}::boolean,
         ${sql.placeholder('outcome')}::jsonb, ${sql.placeholder('now')}::timestamptz
  WHERE ${sql.placeholder('key')}::text IS NOT NULL
  ON CONFLICT (idempotency_key) DO NOTHING`);

/**
 * The test bank's books in the database (migration 0042): every instance and every restart
 * sees the same payments, refunds, cards and answers, as with a real provider. Each
 * operation reads what it needs fresh and writes what it changed in one statement.
 */
export class TestBankStore {
  constructor(private readonly db: Db) {}

  async read(reads: BankReads): Promise<{ objects: BankObject[]; outcome: BankOutcome | null }> {
    const ids = present(reads.ids);
    const refs = present(reads.refs);
    const keys = present([reads.madeBy]);
    const key = reads.outcomeOf ?? null;
    if (ids.length + refs.length + keys.length === 0 && key === null) return { objects: [], outcome: null };
    const { rows } = await readBooks(this.db, { ids, refs, keys, key });
    const objects: BankObject[] = [];
    let outcome: BankOutcome | null = null;
    for (const row of rows) {
      if (row.src === 'outcome') {
        outcome = { fingerprint: String(row.fingerprint), ok: row.ok === true, body: row.body };
        continue;
      }
      objects.push({
        id: String(row.id),
        kind: row.kind as BankKind,
        idempotencyKey: (row.idempotency_key as string | null) ?? null,
        ref: (row.ref as string | null) ?? null,
        body: row.body,
      });
    }
    return { objects, outcome };
  }

  async write(objects: BankObject[], answer: { key: string; outcome: BankOutcome } | null, now: Date): Promise<void> {
    if (objects.length === 0 && !answer) return;
    await writeChanges(this.db, {
      objects: JSON.stringify(objects),
      key: answer?.key ?? null,
      fingerprint: answer?.outcome.fingerprint ?? '',
      ok: answer?.outcome.ok ?? false,
      outcome: JSON.stringify(answer?.outcome.body ?? null),
      now: now.toISOString(),
    });
  }
}
