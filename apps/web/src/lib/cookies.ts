import { COOKIE, DEFAULT_LOCALE, isLocale, type Locale, TOKEN_TTL_MS } from '@vitrina/contract';
import Cookies from 'js-cookie';

const SAME_SITE = { sameSite: 'lax' } as const;

export function getToken(): string | undefined {
  return Cookies.get(COOKIE.token) || undefined;
}

/** The token lives TOKEN_TTL_MS from the last successful call (spec §7: sliding expiry). */
export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, { ...SAME_SITE, expires: new Date(Date.now() + TOKEN_TTL_MS) });
}

export function clearToken(): void {
  Cookies.remove(COOKIE.token);
}

export function getLocaleCookie(): Locale {
  const value = Cookies.get(COOKIE.locale);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function setLocaleCookie(locale: Locale): void {
  Cookies.set(COOKIE.locale, locale, { ...SAME_SITE, expires: 365 });
}

export function getDefaultPageCookie(): string | undefined {
  return Cookies.get(COOKIE.defaultPage) || undefined;
}

export function setDefaultPageCookie(page: string): void {
  Cookies.set(COOKIE.defaultPage, page, { ...SAME_SITE, expires: 365 });
}

export function clearDefaultPageCookie(): void {
  Cookies.remove(COOKIE.defaultPage);
}

/** undefined when the user never toggled the sidebar, so the screen width decides. */
export function getSidebarCookie(): boolean | undefined {
  const value = Cookies.get(COOKIE.sidebar);
  if (value === undefined) return undefined;
  return value === '1';
}

export function setSidebarCookie(isOpen: boolean): void {
  Cookies.set(COOKIE.sidebar, isOpen ? '1' : '0', { ...SAME_SITE, expires: 365 });
}
