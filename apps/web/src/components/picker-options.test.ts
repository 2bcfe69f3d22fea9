import { LOCALES } from '@vitrina/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadLocaleTexts } from '../locales';
import { foundOption, userGroupOption } from './picker-options';

describe('foundOption', () => {
  it('adds push’s phone or support’s detail to the name, or shows the name alone', () => {
    expect(foundOption({ id: 7, name: 'Anna', phone: '+380671234567' })).toEqual({
      value: 7,
      label: 'Anna · +380671234567',
    });
    expect(foundOption({ id: 8, name: 'Lobby', detail: 'Khreshchatyk 1' })).toEqual({
      value: 8,
      label: 'Lobby · Khreshchatyk 1',
    });
    expect(foundOption({ id: 9, name: 'Boris', phone: null })).toEqual({ value: 9, label: 'Boris' });
    expect(foundOption({ id: 10, name: 'Hall', detail: '' })).toEqual({ value: 10, label: 'Hall' });
  });
});

describe('userGroupOption', () => {
  it.each(LOCALES)('names the group and its member count in %s', async (locale) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: locale,
      resources: { [locale]: { translation: await loadLocaleTexts(locale, ['fields']) } },
      interpolation: { escapeValue: false },
    });
    const option = userGroupOption({ id: 3, name: 'Night owls', members_count: 42 }, i18n.t);
    expect(option.value).toBe(3);
    expect(option.label).toMatch(/^Night owls \(.*42.*\)$/);
  });
});
