import { COOKIE, DEFAULT_LOCALE, isLocale, type Locale, TOKEN_TTL_MS } from '@vitrina/contract';
import Cookies from 'js-cookie';

/**
 * Every cookie of the panel: same-site, and over HTTPS `Secure`, so the session token is
 * never sent over plain HTTP (the server sets no cookie; the panel writes them).
 */
export function cookieAttributes(): { sameSite: 'lax'; secure: boolean } {
  return { sameSite: 'lax', secure: globalThis.location?.protocol === 'https:' };
}

export function getToken(): string | undefined {
  return Cookies.get(COOKIE.token) || undefined;
}

/** The token lives TOKEN_TTL_MS from the last successful call (spec §7: sliding expiry). */
export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, { ...cookieAttributes(), expires: new Date(Date.now() + TOKEN_TTL_MS) });
}

export function clearToken(): void {
  Cookies.remove(COOKIE.token, cookieAttributes());
}

export function getLocaleCookie(): Locale {
  const value = Cookies.get(COOKIE.locale);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function setLocaleCookie(locale: Locale): void {
  Cookies.set(COOKIE.locale, locale, { ...cookieAttributes(), expires: 365 });
}

export function getDefaultPageCookie(): string | undefined {
  return Cookies.get(COOKIE.defaultPage) || undefined;
}

export function setDefaultPageCookie(page: string): void {
  Cookies.set(COOKIE.defaultPage, page, { ...cookieAttributes(), expires: 365 });
}

export function clearDefaultPageCookie(): void {
  Cookies.remove(COOKIE.defaultPage, cookieAttributes());
}

/** undefined when the user never toggled the sidebar, so the screen width decides. */
export function getSidebarCookie(): boolean | undefined {
  const value = Cookies.get(COOKIE.sidebar);
  if (value === undefined) return undefined;
  return value === '1';
}

export function setSidebarCookie(isOpen: boolean): void {
  Cookies.set(COOKIE.sidebar, isOpen ? '1' : '0', { ...cookieAttributes(), expires: 365 });
}
