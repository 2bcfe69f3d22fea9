import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadFeatureTexts } from './i18n';

/**
 * A feature's screen as a lazy component whose code and own text files (beyond the core ones,
 * src/locales/core-texts.ts) load side by side: the screen first renders with its texts there.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own `lazy` constrains components the same way.
export function lazyScreen<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  texts: readonly string[] = [],
): LazyExoticComponent<T> {
  return lazy(async () => {
    const [screen] = await Promise.all([load(), loadFeatureTexts(texts)]);
    return screen;
  });
}
