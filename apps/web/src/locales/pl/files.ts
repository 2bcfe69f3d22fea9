import type { LocaleTree } from '../index';

/** This language's text files, each fetched when asked for (see ../index.ts). */
export const files = import.meta.glob<LocaleTree>('./*.json', { import: 'default' });
