import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales.js';
import en from './messages/en.json' with { type: 'json' };
import itTexts from './messages/it.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import sk from './messages/sk.json' with { type: 'json' };
import ua from './messages/ua.json' with { type: 'json' };
import { isMessageKey, MESSAGES, translate } from './messages.js';

/** Each locale's file as it is on disk, without the types TypeScript derives from it. */
const FILES: Record<Locale, Record<string, string>> = { en, ua, pl, it: itTexts, sk };
const ENGLISH_KEYS = Object.keys(en);
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en');

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

describe('server message files', () => {
  it.each(OTHER_LOCALES)('%s has exactly the keys of en', (locale) => {
    const keys = Object.keys(FILES[locale]);
    expect({
      missing: ENGLISH_KEYS.filter((key) => !keys.includes(key)),
      extra: keys.filter((key) => !isMessageKey(key)),
    }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(OTHER_LOCALES)('%s uses the same {placeholders} as en in every text', (locale) => {
    const differing = ENGLISH_KEYS.flatMap((key) => {
      const english = placeholdersOf(en[key as keyof typeof en]);
      const local = placeholdersOf(FILES[locale][key] ?? '');
      return english.join() === local.join() ? [] : [{ key, en: english, [locale]: local }];
    });
    expect(differing).toEqual([]);
  });

  it.each(LOCALES)('%s writes placeholders one way only, as {name}', (locale) => {
    const otherwise = Object.entries(FILES[locale]).filter(([, text]) =>
      /[{}]|\$\{|%[sd]/.test(text.replace(/\{\w+\}/g, '')),
    );
    expect(otherwise).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty texts and keeps its keys sorted', (locale) => {
    const keys = Object.keys(FILES[locale]);
    expect(keys.filter((key) => (FILES[locale][key] ?? '').trim() === '')).toEqual([]);
    expect(keys).toEqual([...keys].sort());
  });

  it('serves every text by key and locale, as MESSAGES and through translate', () => {
    for (const key of ENGLISH_KEYS) {
      if (!isMessageKey(key)) throw new Error(`${key} is not a message key`);
      for (const locale of LOCALES) {
        expect(MESSAGES[key][locale]).toBe(FILES[locale][key]);
        expect(translate(key, locale)).toBe(FILES[locale][key]);
      }
    }
  });

  it('fills each {placeholder} from the params and leaves one without a param as it is', () => {
    expect(translate('sign_in_code.text', 'en', { code: '123456' })).toBe(
      '123456 is your sign-in code. It works for 10 minutes. Do not share it with anyone.',
    );
    expect(translate('alert_message.subject', 'en', { title: 'Offline' })).toBe('Offline: {name}');
  });

  it('knows only its own keys, not what every object inherits', () => {
    expect(['toString', 'constructor', '__proto__', 'hasOwnProperty', ''].filter(isMessageKey)).toEqual([]);
  });
});
