import { FiscalProviderError } from '../provider.js';

export const CHECKBOX_API_BASE = 'https://api.checkbox.ua';
/** How Vitrina names itself to Checkbox (X-Client-Name, X-Client-Version), as Checkbox asks integrations to. */
const CLIENT_NAME = 'Vitrina';
const CLIENT_VERSION = '1.0';
/** Past this an answer is taken as lost; the job asks again in two minutes. */
const REQUEST_TIMEOUT_MS = 15_000;

/** A cashier signs in with login and password, or with a PIN code bound to the register's license key. */
export type CheckboxCashierCredentials = { login: string; password: string } | { pinCode: string };

/** Where a register's bearer token is kept between calls (one per license key and cashier, in memory). */
export type CheckboxTokenStore = { get(): string | null; set(token: string | null): void };

export type CheckboxApiOptions = {
  licenseKey: string;
  cashier: CheckboxCashierCredentials;
  tokens: CheckboxTokenStore;
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
};

export type CheckboxAnswer<T> = { status: number; body: T };

/**
 * Checkbox's REST API over plain fetch: JSON bodies, the register's license key
 * (X-License-Key) on every call, and the cashier's bearer token from /cashier/signin (or
 * /cashier/signinPinCode), kept until Checkbox refuses it (401 or 403); then one fresh
 * sign-in and the call again. No answer or a 5xx is `unavailable` (asked again later); a refused sign-in is
 * `credentials`. Other 4xx answers go back to the caller, which knows what they mean.
 */
export class CheckboxApi {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CheckboxApiOptions) {
    this.baseUrl = options.baseUrl ?? CHECKBOX_API_BASE;
    this.fetch = options.fetch ?? fetch;
  }

  /** A signed-in call; a refused token is dropped and the call made once more after a new sign-in. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CheckboxAnswer<T>> {
    const cached = this.options.tokens.get();
    const answer = await this.send<T>(method, path, body, cached ?? (await this.signIn()));
    if (!isRefused(answer.status)) return answer;
    this.options.tokens.set(null);
    const again = await this.send<T>(method, path, body, await this.signIn());
    if (isRefused(again.status)) throw new FiscalProviderError('credentials', messageOf(again.body));
    return again;
  }

  /** A fresh sign-in, forgetting any token kept. */
  async signIn(): Promise<string> {
    const { cashier } = this.options;
    const answer =
      'pinCode' in cashier
        ? await this.send<{ access_token?: string }>('POST', '/api/v1/cashier/signinPinCode', {
            pin_code: cashier.pinCode,
          })
        : await this.send<{ access_token?: string }>('POST', '/api/v1/cashier/signin', {
            login: cashier.login,
            password: cashier.password,
          });
    const token = answer.body?.access_token;
    if (answer.status !== 200 || !token) {
      this.options.tokens.set(null);
      throw new FiscalProviderError('credentials', messageOf(answer.body) || `sign-in answered ${answer.status}`);
    }
    this.options.tokens.set(token);
    return token;
  }

  private async send<T>(method: string, path: string, body: unknown, token?: string): Promise<CheckboxAnswer<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-name': CLIENT_NAME,
      'x-client-version': CLIENT_VERSION,
      'x-license-key': this.options.licenseKey,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new FiscalProviderError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) {
      throw new FiscalProviderError('unavailable', `Checkbox answered ${response.status}`);
    }
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new FiscalProviderError('unavailable', `Checkbox answered ${response.status} without JSON`);
    }
    return { status: response.status, body: parsed as T };
  }
}

/** An expired token answers 401; a token or license key the register does not take, 403. */
const isRefused = (status: number) => status === 401 || status === 403;

/** Checkbox's HTTPError `message`, with a validation error's first detail when it has one. */
export function messageOf(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message, detail } = body as { message?: unknown; detail?: { loc?: unknown[]; msg?: string }[] };
  const first = Array.isArray(detail) ? detail[0] : undefined;
  const where = first?.loc ? ` (${first.loc.join('.')}: ${first.msg ?? ''})` : '';
  return `${typeof message === 'string' ? message : ''}${where}`.trim();
}
