import type { Locale } from '@vitrina/contract';

const SUBJECT: Record<Locale, string> = {
  en: 'Your sign-in code',
  ua: 'Ваш код для входу',
  pl: 'Twój kod logowania',
  it: 'Il tuo codice di accesso',
  sk: 'Váš prihlasovací kód',
};

const TEXT: Record<Locale, (code: string) => string> = {
  en: (code) => `${code} is your sign-in code. It works for 10 minutes. Do not share it with anyone.`,
  ua: (code) => `${code} — ваш код для входу. Він дійсний 10 хвилин. Нікому його не повідомляйте.`,
  pl: (code) => `${code} to Twój kod logowania. Działa przez 10 minut. Nikomu go nie podawaj.`,
  it: (code) => `${code} è il tuo codice di accesso. Vale 10 minuti. Non condividerlo con nessuno.`,
  sk: (code) => `${code} je váš prihlasovací kód. Platí 10 minút. Nikomu ho neposkytujte.`,
};

/** The sign-in code's message in the customer's language (the app's, when it asked). */
export function codeMessage(locale: Locale, code: string) {
  return { subject: SUBJECT[locale], text: TEXT[locale](code) };
}
