import { LOCALES, type Locale } from '@vitrina/contract';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

/** `locales/<lng>/<file>.json` become keys `<file>.*` of the single `translation` namespace. */
function collect(locale: Locale): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match && match[1] === locale && match[2]) tree[match[2]] = content;
  }
  return tree;
}

export const resources = Object.fromEntries(LOCALES.map((locale) => [locale, { translation: collect(locale) }]));
export type { Tree as LocaleTree };
