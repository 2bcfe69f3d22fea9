import { sign } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customerPushDevices } from '../../db/schema/index.js';
import { retryAfterMs } from '../../lib/retry-later.js';
import type { PushEnvelope, PushOutcome, PushProvider } from './push-providers.js';

/** The fields of a Firebase service account key file the adapter uses. */
export const ZFcmServiceAccount = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
});
export type FcmServiceAccount = z.output<typeof ZFcmServiceAccount>;

export type FcmOptions = {
  account: FcmServiceAccount;
  /** FCM's HTTP v1 root (https://fcm.googleapis.com): a proxy or, in tests, a stand-in. */
  apiBase?: string;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Milliseconds since the epoch; the real clock unless a test passes its own (see fcmPushProvider). */
  now?: () => number;
};

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;
/** An access token is asked for again this long before it expires. */
const REFRESH_BEFORE_MS = 5 * 60_000;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * OAuth 2.0 access tokens for the service account (RFC 7523: a JWT signed with its key,
 * exchanged at its `token_uri`), kept until shortly before they expire. Twenty lines of our
 * own instead of firebase-admin, which brings a whole Google Cloud client for one POST.
 */
class AccessTokens {
  private current: { token: string; expiresAt: number } | null = null;
  /** The exchange under way: concurrent sends wait for it rather than each asking. */
  private pending: Promise<string> | null = null;

  constructor(
    private readonly account: FcmServiceAccount,
    private readonly now: () => number,
  ) {}

  get(): Promise<string> {
    if (this.current && this.current.expiresAt - REFRESH_BEFORE_MS > this.now())
      return Promise.resolve(this.current.token);
    this.pending ??= this.exchange().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async exchange(): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(
      JSON.stringify({
        iss: this.account.client_email,
        scope: SCOPE,
        aud: this.account.token_uri,
        iat,
        exp: iat + 3600,
      }),
    );
    const signature = base64url(sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), this.account.private_key));
    const response = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${header}.${claims}.${signature}`,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new Error(`Google refused the service account (${response.status})`);
    }
    this.current = { token: body.access_token, expiresAt: this.now() + (body.expires_in ?? 3600) * 1000 };
    return this.current.token;
  }

  forget() {
    this.current = null;
  }
}

/**
 * FCM's answer to one message: sent; the token is no longer valid (UNREGISTERED, the only
 * answer that says so: INVALID_ARGUMENT may be the payload's fault, a bare 404 a wrong
 * project); try again later (QUOTA_EXCEEDED 429, UNAVAILABLE 503, INTERNAL 500, after its
 * Retry-After when it gives one); or another refusal.
 */
type SendResult =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; error: string; retryAfterMs: number | null }
  | { kind: 'refused'; error: string };

/** The HTTP statuses FCM asks to be retried on (its ErrorCode reference). */
const RETRY_STATUSES = new Set([429, 500, 503]);

function messageOf(envelope: PushEnvelope, token: string) {
  const important = envelope.importance === 'important';
  return {
    message: {
      token,
      notification: { title: envelope.title, body: envelope.body },
      data: {
        ...envelope.extra,
        message_id: String(envelope.messageId),
        ...(envelope.action ? { action: envelope.action } : {}),
      },
      android: { priority: important ? 'HIGH' : 'NORMAL' },
      apns: { headers: { 'apns-priority': important ? '10' : '5' } },
    },
  };
}

/** Runs `work` over the items, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Firebase Cloud Messaging (HTTP v1) behind the push provider interface. A message goes to
 * every installation the customer registered; the delivery row (which is also the app's
 * inbox) counts as delivered when FCM took it for at least one, or when the customer has no
 * installation registered (the inbox is then the only place it lands), and as failed with
 * FCM's answer when every installation refused. Tokens FCM calls unregistered are dropped.
 */
export function fcmPushProvider(options: FcmOptions): PushProvider {
  // The documented exception to the injected clock (docs/decisions/068-one-clock-for-every-rule.md): the
  // access token's `iat` and `exp`, its expiry and a Retry-After date are Google's times,
  // judged on Google's real clock, so the token is signed and refreshed by the wall clock
  // whatever the context's clock says. main.ts therefore passes no `now`; tests may.
  const now = options.now ?? Date.now;
  const tokens = new AccessTokens(options.account, now);
  const apiBase = (options.apiBase ?? 'https://fcm.googleapis.com').replace(/\/$/, '');
  const url = `${apiBase}/v1/projects/${encodeURIComponent(options.account.project_id)}/messages:send`;

  async function sendOne(envelope: PushEnvelope, token: string, retried = false): Promise<SendResult> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.get()}`, 'content-type': 'application/json' },
      body: JSON.stringify(messageOf(envelope, token)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return { kind: 'sent' };
    const body = (await response.json().catch(() => ({}))) as {
      error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
    };
    const code = body.error?.details?.find((detail) => detail.errorCode)?.errorCode ?? body.error?.status;
    if (response.status === 401 && !retried) {
      tokens.forget();
      return sendOne(envelope, token, true);
    }
    const error = `FCM ${response.status} ${code ?? ''}: ${body.error?.message ?? ''}`.trim();
    if (code === 'UNREGISTERED') return { kind: 'gone' };
    if (RETRY_STATUSES.has(response.status)) {
      return { kind: 'retry', error, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()) };
    }
    return { kind: 'refused', error };
  }

  return {
    name: 'fcm',
    transactional: false,
    async send(envelopes: readonly PushEnvelope[], db: Db): Promise<PushOutcome[]> {
      if (envelopes.length === 0) return [];
      const devices = await db
        .select({ userId: customerPushDevices.userId, token: customerPushDevices.token })
        .from(customerPushDevices)
        .where(
          inArray(
            customerPushDevices.userId,
            envelopes.map((envelope) => envelope.userId),
          ),
        );
      const byUser = new Map(envelopes.map((envelope) => [envelope.userId, envelope]));
      const results = new Map<number, SendResult[]>();
      const gone: string[] = [];
      await eachLimited(devices, options.concurrency ?? 16, async (device) => {
        const envelope = byUser.get(device.userId)!;
        let result: SendResult;
        try {
          result = await sendOne(envelope, device.token);
        } catch (error) {
          result = { kind: 'refused', error: `FCM could not be reached: ${(error as Error).message}` };
        }
        if (result.kind === 'gone') gone.push(device.token);
        results.set(device.userId, [...(results.get(device.userId) ?? []), result]);
      });
      if (gone.length > 0) await db.delete(customerPushDevices).where(inArray(customerPushDevices.token, gone));
      return envelopes.map((envelope): PushOutcome => {
        const answers = results.get(envelope.userId) ?? [];
        if (answers.length === 0 || answers.some((answer) => answer.kind === 'sent')) {
          return { userId: envelope.userId, error: null };
        }
        // Sent nowhere yet, and an installation may still take it: the whole message waits.
        const retry = answers.find((answer) => answer.kind === 'retry');
        if (retry?.kind === 'retry') {
          return { userId: envelope.userId, error: retry.error, retryAfterMs: retry.retryAfterMs ?? 0 };
        }
        const refusal = answers.find((answer) => answer.kind === 'refused');
        return {
          userId: envelope.userId,
          error: refusal?.kind === 'refused' ? refusal.error : 'FCM: the installation is no longer registered',
        };
      });
    },
  };
}
