import type { TFleetThresholds, TLiveEvent } from '@vitrina/contract';
import type { Db } from '../db/client.js';
import type { bonusPromotions } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import type { JobKind, JobPayload } from './job-kind.js';
import type { Mailer } from './mailer.js';
import type { OrgCache } from './org-cache.js';
import type { SaleEvents } from './sale-events.js';
import type { SecretBox } from './secrets.js';
import type { FileStorage } from './storage.js';

type BonusPromotionRow = typeof bonusPromotions.$inferSelect;

/** Where services announce changes for the panel's live updates (the live module's bus). */
export type LivePublisher = { publish(event: TLiveEvent): void };

/** What services need from the running server, whoever calls them (HTTP, device, job, webhook). */
export type ServiceContext = {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
  clock: Clock;
  jobs: JobQueue;
  live: LivePublisher;
  /** Seals and opens stored credentials of outside services (SECRET_KEY). */
  secrets: SecretBox;
  /** Organisations' alert thresholds on this instance; read them through the micromarkets module's readThresholds. */
  thresholds: OrgCache<TFleetThresholds>;
  /**
   * Organisations' running bonus promotions on this instance (read at every settled sale);
   * the promotions module reads and, after its own writes, drops them.
   */
  promotionRules: OrgCache<BonusPromotionRow[]>;
  /** The sales module announces settled, paid and refunded sales here; the other modules' manifests subscribe. */
  saleEvents: SaleEvents;
};

export type EnqueueOptions = {
  /** Idempotency: while a job with this key is queued or running, enqueueing it again does nothing. */
  key?: string;
  /** When it becomes due; default now. */
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Putting work on the durable job queue (modules/jobs): the payload is checked against the
 * kind's schema (JobPayloadError names the field); `null` when the key was already queued.
 */
export type JobQueue = {
  enqueue<K extends JobKind>(job: K, payload: JobPayload<K>, options?: EnqueueOptions): Promise<number | null>;
  /** A kind named by stored data (a WhatsApp message's fallback): it must be registered, and its schema still applies. */
  enqueueNamed(kind: string, payload: unknown, options?: EnqueueOptions): Promise<number | null>;
};
