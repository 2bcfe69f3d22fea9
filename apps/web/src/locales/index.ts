import type { Locale } from '@vitrina/contract';
import { CORE_TEXTS } from './core-texts';

type Tree = { [key: string]: string | Tree };

export { CORE_TEXTS };

// Not eager: only the active language's files are downloaded, and of those only the ones asked for.
const files = import.meta.glob<Tree>('./*/*.json', { import: 'default' });

/** Every text file of a language: the core ones and each feature's. */
export const TEXT_FILES: readonly string[] = [
  ...new Set(Object.keys(files).flatMap((path) => /^\.\/\w+\/([\w-]+)\.json$/.exec(path)?.[1] ?? [])),
];

/**
 * `locales/<lng>/<file>.json` become keys `<file>.*` of the single `translation` namespace.
 * Without `names`, the core files; with them, those files.
 */
export async function loadLocaleTexts(locale: Locale, names: readonly string[] = CORE_TEXTS): Promise<Tree> {
  const loaders = names.flatMap((name) => {
    const load = files[`./${locale}/${name}.json`];
    return load ? [{ name, load }] : [];
  });
  const loaded = await Promise.all(loaders.map(async ({ name, load }) => [name, await load()] as const));
  return Object.fromEntries(loaded);
}

export type { Tree as LocaleTree };
