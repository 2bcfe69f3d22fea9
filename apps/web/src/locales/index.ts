import type { Locale } from '@vitrina/contract';

type Tree = { [key: string]: string | Tree };

// Not eager: only the active language is downloaded. The build puts each language's files
// into one chunk (vite.config.ts), so loading a language is one request.
const files = import.meta.glob<Tree>('./*/*.json', { import: 'default' });

/** `locales/<lng>/<file>.json` become keys `<file>.*` of the single `translation` namespace. */
export async function loadLocaleTexts(locale: Locale): Promise<Tree> {
  const loaders = Object.entries(files).flatMap(([path, load]) => {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
    return match?.[1] === locale && match[2] ? [{ name: match[2], load }] : [];
  });
  const loaded = await Promise.all(loaders.map(async ({ name, load }) => [name, await load()] as const));
  return Object.fromEntries(loaded);
}

export type { Tree as LocaleTree };
