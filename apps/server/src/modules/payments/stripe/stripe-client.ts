import Stripe from 'stripe';
import { PaymentProviderError, type ProviderErrorKind } from '../provider.js';

export const STRIPE_API_BASE = 'https://api.stripe.com';
/**
 * Pinned so a change of the account's default API version cannot change the answers we read;
 * the version stripe@16's types describe (docs/decisions/105-the-stripe-sdk-pinned-to-one-api-version.md).
 */
export const STRIPE_API_VERSION = '2024-06-20';
/** Spec §7's request timeout; past it the outcome is unknown and the row waits for reconciliation. */
const REQUEST_TIMEOUT_MS = 10_000;

export type StripeClientOptions = {
  secretKey: string;
  /** Where the API is: Stripe's own, or in tests a local stand-in (scheme, host and port only). */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
};

/**
 * The official SDK, set up to send what the plain fetch client sent before it: one request per
 * call and no retry of its own (an unknown outcome is the ledger's to settle by reconciliation,
 * with the same key), the 10 s timeout over the whole request, no telemetry header, and the
 * answers of the one pinned API version. The transport is `fetch` through the SDK's fetch
 * client: its timeout covers the whole request as before, and a dropped connection surfaces as
 * fetch's error without a socket code, so the SDK's one unconditional retry of a reset
 * connection (ECONNRESET, EPIPE, even with `maxNetworkRetries: 0`) never fires.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = new URL(options.baseUrl ?? STRIPE_API_BASE);
  if (base.pathname !== '/' || base.search || base.hash) {
    // The SDK takes a host, not a prefix: a path would be dropped silently.
    throw new Error(`The Stripe API address takes no path: ${options.baseUrl}`);
  }
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(plainErrorAnswers(options.fetch ?? fetch)),
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/**
 * A refusal that is not Stripe's error JSON (a proxy's HTML error page) becomes an error with
 * nothing in it, so it is read by its status as before: the SDK would take it for "Invalid
 * JSON" with no status, or a JSON body without `error` for an answer.
 */
function plainErrorAnswers(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    const error = (parsed as { error?: unknown } | null)?.error;
    const body = typeof error === 'object' && error !== null ? text : JSON.stringify({ error: {} });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Stripe's statuses (docs: API errors): 402 the card or bank refused; 401/403 our key;
 * 409 a concurrent request with the same idempotency key, 429 and 5xx: not done or unknown,
 * so the operation may be asked again with the same key; other 4xx: a refused request.
 * No answer at all (a network error, the timeout, a lost answer): the outcome is unknown.
 */
export function providerErrorOf(error: unknown): PaymentProviderError {
  if (!(error instanceof Stripe.errors.StripeError) || error.statusCode === undefined) {
    const message = error instanceof Error ? error.message : String(error);
    const cause = (error as { detail?: unknown } | null)?.detail;
    const why = cause instanceof Error && cause.message !== message ? ` (${cause.message})` : '';
    return new PaymentProviderError('unavailable', 'network', `${message}${why}`);
  }
  const status = error.statusCode;
  const raw = error.raw as { type?: string; code?: string; decline_code?: string; message?: string; param?: string };
  let kind: ProviderErrorKind = 'refused';
  if (status === 402 || raw.type === 'card_error') kind = 'declined';
  else if (status === 401 || status === 403) kind = 'credentials';
  else if (status === 409 || status === 429 || status >= 500) kind = 'unavailable';
  const code = raw.decline_code ?? raw.code ?? raw.type ?? `http_${status}`;
  return new PaymentProviderError(kind, code, raw.message ?? `Stripe answered ${status}`, raw.param ?? null);
}
