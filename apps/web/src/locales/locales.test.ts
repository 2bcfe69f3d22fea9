import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_EVENT_KINDS, LOCALES, ROUTES, type RouteEntry } from '@vitrina/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE_TEXTS, type LocaleTree, loadLocaleTexts } from './index';

/** Every text file of any language. */
const TEXT_FILES = [
  ...new Set(
    Object.keys(import.meta.glob('./*/*.json')).flatMap((file) => /^\.\/\w+\/([\w-]+)\.json$/.exec(file)?.[1] ?? []),
  ),
];

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
    for (const locale of LOCALES) trees.set(locale, await loadLocaleTexts(locale, TEXT_FILES));
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

  it('loads every text file somewhere: in the core, or with the screens of a feature', () => {
    const features = path.resolve(import.meta.dirname, '../features');
    const claimed = fs.readdirSync(features).flatMap((feature) => {
      const surface = path.join(features, feature, 'index.ts');
      if (!fs.existsSync(surface)) return [];
      const lists = fs.readFileSync(surface, 'utf8').matchAll(/lazyScreen\([^,]+,\s*\[([^\]]*)\]/g);
      return [...lists].flatMap((list) => [...(list[1] ?? '').matchAll(/'([\w-]+)'/g)].map((name) => name[1] ?? ''));
    });
    const loaded = new Set<string>([...CORE_TEXTS, ...claimed]);
    expect(TEXT_FILES.filter((file) => !loaded.has(file))).toEqual([]);
    expect([...loaded].filter((file) => !TEXT_FILES.includes(file))).toEqual([]);
  });

  it('names every kind of micromarket history the contract lists (the history filter offers them all)', () => {
    const missing = DEVICE_EVENT_KINDS.filter((kind) => !english.includes(`devices.history.kinds.${kind}`));
    expect(missing).toEqual([]);
  });
});
