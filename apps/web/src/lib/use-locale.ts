import { isLocale, type Locale } from '@vitrina/contract';
import { useTranslation } from 'react-i18next';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'en';
}
