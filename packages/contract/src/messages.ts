import type { Locale } from './locales.js';
import en from './messages/en.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import sk from './messages/sk.json' with { type: 'json' };
import ua from './messages/ua.json' with { type: 'json' };

/**
 * Every text the server produces, keyed, in every locale: one flat file per locale in ./messages,
 * English the typed source. Schemas carry these keys as their custom messages (the server and the
 * web translate them); the server's own texts (mails, alert messages, sign-in codes, receipts) are
 * looked up here too, by namespace (`alert_message.*`, `report_mail.*`, `auth_mail.*`,
 * `sign_in_code.*`, `receipt.*`). One placeholder syntax: `{name}`, filled from the params.
 */
export type MessageKey = keyof typeof en;

/**
 * A locale's file lacking a key of English does not compile (on a full check: an incremental `tsc -b`
 * may not re-check this file when only a JSON file changed); messages.test.ts lists missing and extra keys.
 */
const TEXTS: Record<Locale, Record<MessageKey, string>> = { en, ua, pl, it, sk };

/** Key → locale → text, as the catalogue was written before it moved to one file per locale. */
export const MESSAGES: Record<MessageKey, Record<Locale, string>> = /* @__PURE__ */ byKey();

function byKey(): Record<MessageKey, Record<Locale, string>> {
  const keys = Object.keys(en) as MessageKey[];
  return Object.fromEntries(
    keys.map((key) => [key, { en: en[key], ua: ua[key], pl: pl[key], it: it[key], sk: sk[key] }]),
  ) as Record<MessageKey, Record<Locale, string>>;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** `{name}` placeholders filled from the params; one without a param stays as it is. */
export function fillPlaceholders(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(TEXTS[locale][key], params);
}
