import type { Locale } from '@vitrina/contract';
import { CORE_TEXTS } from './core-texts';

type Tree = { [key: string]: string | Tree };
type Files = Record<string, () => Promise<Tree>>;

export { CORE_TEXTS };

/**
 * Each language's list of text files is a chunk of its own, fetched with the first texts of
 * that language: the list names a file chunk per language and file (about 40 each), and all
 * five in the first chunk were 30 KB of it (about 5 KiB gzip) for the four languages not shown.
 */
const LANGUAGES: Record<Locale, () => Promise<Files>> = {
  en: () => import('./en/files').then((module) => module.files),
  ua: () => import('./ua/files').then((module) => module.files),
  pl: () => import('./pl/files').then((module) => module.files),
  it: () => import('./it/files').then((module) => module.files),
  sk: () => import('./sk/files').then((module) => module.files),
};

/**
 * `locales/<lng>/<file>.json` become keys `<file>.*` of the single `translation` namespace.
 * Without `names`, the core files; with them, those files.
 */
export async function loadLocaleTexts(locale: Locale, names: readonly string[] = CORE_TEXTS): Promise<Tree> {
  const files = await LANGUAGES[locale]();
  const loaders = names.flatMap((name) => {
    const load = files[`./${name}.json`];
    return load ? [{ name, load }] : [];
  });
  const loaded = await Promise.all(loaders.map(async ({ name, load }) => [name, await load()] as const));
  return Object.fromEntries(loaded);
}

export type { Tree as LocaleTree };
