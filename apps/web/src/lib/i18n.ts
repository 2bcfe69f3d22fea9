import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vitrina/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import itIT from 'antd/locale/it_IT';
import plPL from 'antd/locale/pl_PL';
import skSK from 'antd/locale/sk_SK';
import ukUA from 'antd/locale/uk_UA';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import 'dayjs/locale/it';
import 'dayjs/locale/pl';
import 'dayjs/locale/sk';
import 'dayjs/locale/uk';
import { resources } from '../locales';
import { getLocaleCookie, setLocaleCookie } from './cookies';
import { LOCALE_TAGS } from './locale-tags';

export const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  ua: ukUA,
  en: enUS,
  pl: plPL,
  it: itIT,
  sk: skSK,
};

export const i18n = i18next.createInstance();

export function initI18n(): typeof i18n {
  const locale = getLocaleCookie();
  dayjs.locale(LOCALE_TAGS[locale]);
  void i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/** The cookie is what the api client reads for `Lang`, so it changes together with the UI. */
export function changeLocale(locale: Locale): void {
  setLocaleCookie(locale);
  dayjs.locale(LOCALE_TAGS[locale]);
  void i18n.changeLanguage(locale);
}
