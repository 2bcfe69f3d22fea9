import type { Locale } from '@vitrina/contract';
import { CORE_TEXTS } from './core-texts';

type Tree = { [key: string]: string | Tree };
type Files = Record<string, () => Promise<Tree>>;

export { CORE_TEXTS };

/**
 * Each language's list of text files is a chunk of its own, fetched with the first texts of
 * that language: the list names a file chunk per language and file (about 40 each), and all
 * five in the first chunk were 30 KB of it (about 5 KiB gzip) for the four languages not shown.
 * A language is a folder with its JSON files and a `files.ts` listing them.
 */
const LANGUAGES = import.meta.glob<Files>('./*/files.ts', { import: 'files' });

/**
 * `locales/<lng>/<file>.json` become keys `<file>.*` of the single `translation` namespace.
 * Without `names`, the core files; with them, those files.
 */
export async function loadLocaleTexts(locale: Locale, names: readonly string[] = CORE_TEXTS): Promise<Tree> {
  const list = LANGUAGES[`./${locale}/files.ts`];
  if (!list) throw new Error(`No text files for the language ${locale}`);
  const files = await list();
  const loaders = names.flatMap((name) => {
    const load = files[`./${name}.json`];
    return load ? [{ name, load }] : [];
  });
  const loaded = await Promise.all(loaders.map(async ({ name, load }) => [name, await load()] as const));
  return Object.fromEntries(loaded);
}

export type { Tree as LocaleTree };
