import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vitrina/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_TEXTS, loadLocaleTexts } from '../locales';
import { getLocaleCookie, setLocaleCookie } from './cookies';
import { LOCALE_TAGS } from './locale-tags';

/** Ant Design's texts of a language arrive with it, not in the first chunk. */
const ANTD_LOCALE_LOADERS: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  ua: () => import('antd/es/locale/uk_UA'),
  en: () => import('antd/es/locale/en_US'),
  pl: () => import('antd/es/locale/pl_PL'),
  it: () => import('antd/es/locale/it_IT'),
  sk: () => import('antd/es/locale/sk_SK'),
};

/** dayjs knows English already; the others register themselves when loaded. */
const DAYJS_LOCALE_LOADERS: Record<Locale, () => Promise<unknown>> = {
  ua: () => import('dayjs/locale/uk'),
  en: () => Promise.resolve(),
  pl: () => import('dayjs/locale/pl'),
  it: () => import('dayjs/locale/it'),
  sk: () => import('dayjs/locale/sk'),
};

const antdLocales: Partial<Record<Locale, AntdLocale>> = {};
/** Feature text files the screens opened so far asked for; a change of language loads them too. */
const featureTexts = new Set<string>();

export const i18n = i18next.createInstance();

/** Texts of the language for the app, Ant Design and dayjs; each language loads once. */
async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) {
    await loadTexts(locale, [...featureTexts]);
    return;
  }
  const [texts, antd] = await Promise.all([
    loadLocaleTexts(locale, [...CORE_TEXTS, ...featureTexts]),
    ANTD_LOCALE_LOADERS[locale](),
    DAYJS_LOCALE_LOADERS[locale](),
  ]);
  antdLocales[locale] = antd.default;
  i18n.addResourceBundle(locale, 'translation', texts);
}

/** Adds the language's files among `names` that it does not have yet. */
async function loadTexts(locale: Locale, names: readonly string[]): Promise<void> {
  const bundle = (i18n.getResourceBundle(locale, 'translation') ?? {}) as Record<string, unknown>;
  const missing = names.filter((name) => bundle[name] === undefined);
  if (missing.length === 0) return;
  i18n.addResourceBundle(locale, 'translation', await loadLocaleTexts(locale, missing), true, true);
}

/**
 * A feature's own text files, in the current language (and in any language chosen later).
 * `lazyScreen` awaits it beside the screen's code, so a screen never renders raw keys.
 */
export function loadFeatureTexts(names: readonly string[]): Promise<void> {
  for (const name of names) featureTexts.add(name);
  const locale = (i18n.language as Locale | undefined) ?? DEFAULT_LOCALE;
  return loadTexts(locale, names);
}

/** Undefined only before the language has loaded, which the start-up and locale switch await. */
export const getAntdLocale = (locale: Locale): AntdLocale | undefined => antdLocales[locale];

/** Resolves once the cookie's language is loaded, so the first render already speaks it. */
export async function initI18n(): Promise<typeof i18n> {
  const locale = getLocaleCookie();
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  await loadLocale(locale);
  dayjs.locale(LOCALE_TAGS[locale]);
  return i18n;
}

/** The cookie is what the api client reads for `Lang`, so it changes together with the UI. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  setLocaleCookie(locale);
  dayjs.locale(LOCALE_TAGS[locale]);
  await i18n.changeLanguage(locale);
}
