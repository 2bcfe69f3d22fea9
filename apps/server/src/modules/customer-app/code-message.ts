import { type Locale, translate } from '@vitrina/contract';

/** The sign-in code's message in the customer's language (the app's, when it asked). */
export function codeMessage(locale: Locale, code: string) {
  return { subject: translate('sign_in_code.subject', locale), text: translate('sign_in_code.text', locale, { code }) };
}
