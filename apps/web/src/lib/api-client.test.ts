import { COOKIE, LOCALES, type Locale } from '@vitrina/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocaleTexts } from '../locales';
import { send, transportError } from './api-client';
import { ApiError } from './api-error';
import { getToken, setToken } from './cookies';
import { i18n } from './i18n';
import { attachMessageHost } from './notify';
import { sessionFailureText } from './session-failure';

beforeAll(async () => {
  if (!i18n.isInitialized) await i18n.init({ lng: 'en', fallbackLng: 'en', resources: {}, initAsync: false });
  for (const locale of LOCALES) {
    i18n.addResourceBundle(locale, 'translation', await loadLocaleTexts(locale, ['common', 'session']), true, true);
  }
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const timedOut = () => new DOMException('signal timed out', 'TimeoutError');

describe('a call that gets no answer', () => {
  it.each(LOCALES)('says so in %s, never in the browser’s words', async (locale: Locale) => {
    await i18n.changeLanguage(locale);
    const network = transportError(new TypeError('Failed to fetch'));
    const timeout = transportError(timedOut());
    for (const error of [network, timeout]) {
      expect(error.status).toBe(0);
      expect(error.message).not.toMatch(/Failed to fetch|signal timed out|^common\./);
    }
    expect(network.message).toBe(i18n.t('common.network_error'));
    expect(timeout.message).toBe(i18n.t('common.timeout', { seconds: 10 }));
    expect(timeout.message).toContain('10');
  });

  it('names the longer time-out of an upload', () => {
    expect(transportError(timedOut(), 60_000).message).toBe('The server did not answer within 60 seconds. Try again');
  });

  it('rejects a failed fetch with the localised text (network and §9’s 10 s time-out)', async () => {
    await i18n.changeLanguage('pl');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(send('/v1/user/me', { isSilent: true })).rejects.toMatchObject({
      status: 0,
      message: 'Brak połączenia z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie',
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(timedOut()));
    await expect(send('/v1/user/me', { isSilent: true })).rejects.toMatchObject({
      message: 'Serwer nie odpowiedział w ciągu 10 sekund. Spróbuj ponownie',
    });
  });

  it('leaves a caller’s own cancellation as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const cause = new DOMException('aborted', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(cause));
    await expect(send('/v1/user/me', { isSilent: true, signal: controller.signal })).rejects.toBe(cause);
  });
});

describe('sessionFailureText (§8)', () => {
  it('a server error in the session check asks for a new sign-in', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(sessionFailureText(t, new ApiError({ status: 500, message: 'Internal Server Error' }))).toBe(
      'An error occurred on the server, you need to re-authorize',
    );
    expect(sessionFailureText(t, new ApiError({ status: 503, message: 'Error' }))).toBe(
      'An error occurred on the server, you need to re-authorize',
    );
    expect(sessionFailureText(t, new ApiError({ status: 401, message: 'Token expired' }))).toBe('Token expired');
    expect(sessionFailureText(t, new Error('boom'))).toBe('Has Error');
    expect(sessionFailureText(t, null)).toBe('Verification failed, please Login again.');
    await i18n.changeLanguage('ua');
    expect(sessionFailureText(i18n.t.bind(i18n), new ApiError({ status: 502, message: 'Bad Gateway' }))).toBe(
      'На сервері сталася помилка, потрібно повторно авторизуватися',
    );
  });
});

describe('an answer 401 (spec §8: the token is cleared and the page reloads)', () => {
  /** A browser holding `token`: its cookie jar, a window whose reload is watched, and the toasts shown. */
  let detachToasts = () => {};
  afterEach(() => detachToasts());
  function browserWith(token: string) {
    const reload = vi.fn();
    vi.stubGlobal('document', { cookie: `${COOKIE.token}=${token}` });
    vi.stubGlobal('window', { setTimeout: (run: () => void) => run(), location: { reload } });
    const toasts: unknown[] = [];
    detachToasts = attachMessageHost((notice) => toasts.push(notice.content));
    return { reload, toasts };
  }
  const unauthorized = () => new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 });

  it('signs out when the session the call was sent with is still the panel’s', async () => {
    const { reload, toasts } = browserWith('session-a');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(unauthorized()));
    await expect(send('/v1/user/me')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeUndefined();
    expect(reload).toHaveBeenCalledOnce();
    expect(toasts).toEqual(['Unauthorized']);
  });

  it('leaves a newer session alone: a call sent before a role switch is refused after it', async () => {
    const { reload, toasts } = browserWith('session-a');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => {
        setToken('session-b');
        return unauthorized();
      }),
    );
    await expect(send('/v1/dashboard/summary')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('session-b');
    expect(reload).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});
