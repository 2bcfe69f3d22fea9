/**
 * The texts the first screens need: the sign-in page, the panel shell, the dashboard and the
 * shared components. They travel in one chunk per language (vite.config.ts). Every other file
 * is a feature's own and comes with the feature's screens (`lazyScreen`), so a new area's
 * texts never add to the first download.
 */
export const CORE_TEXTS = [
  'actions',
  'auth',
  'catalogue',
  'common',
  'dashboard',
  'error_log',
  'fields',
  'fleet',
  'layout',
  'menu',
  'roles',
  'session',
  'system',
  'tabs',
  'validation',
] as const;
