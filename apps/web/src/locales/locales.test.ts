import { DEVICE_EVENT_KINDS, LOCALES, ROUTES, type RouteEntry } from '@vitrina/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LocaleTree, loadLocaleTexts } from './index';

function keysOf(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const trees = new Map<string, LocaleTree>();
const treeOf = (locale: string) => trees.get(locale) ?? {};
let english: string[] = [];

describe('locale files', () => {
  beforeAll(async () => {
    for (const locale of LOCALES) trees.set(locale, await loadLocaleTexts(locale));
    english = keysOf(treeOf('en')).sort();
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys of en', (locale) => {
    const keys = keysOf(treeOf(locale)).sort();
    expect(keys.filter((key) => !english.includes(key))).toEqual([]);
    expect(english.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty strings', (locale) => {
    const values = (tree: LocaleTree): string[] =>
      Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
    expect(values(treeOf(locale)).filter((value) => value.trim() === '')).toEqual([]);
  });

  it('has a menu title for every route of the contract', () => {
    const titles = (routes: readonly RouteEntry[]): string[] =>
      routes.flatMap((route) => [route.title, ...titles(route.children ?? [])]);
    const missing = titles(ROUTES).filter((title) => !english.includes(`menu.${title}`));
    expect(missing).toEqual([]);
  });

  it('names every kind of micromarket history the contract lists (the history filter offers them all)', () => {
    const missing = DEVICE_EVENT_KINDS.filter((kind) => !english.includes(`devices.history.kinds.${kind}`));
    expect(missing).toEqual([]);
  });
});
