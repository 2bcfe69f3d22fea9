/** Business constants of spec §9. */
export const PRODUCT_NAME = 'Vitrina';
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOKEN_TTL_MS = 129_600_000; // 36 h, sliding
export const ERROR_MESSAGE_DURATION_S = 5;
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 240;
export const THEME_COLOR = '#427ef1';
export const UPLOAD_LIMIT_BYTES = 2 * 1024 * 1024;
export const NEW_USER_WINDOW_DAYS = 28;
export const PASSWORD_MIN_LENGTH = 8;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const REGISTRATION_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
/** Failed logins allowed per email and address inside the window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Cookie names shared by the web client and the tests. */
export const COOKIE = {
  token: 'vitrina_token',
  locale: 'vitrina_locale',
  sidebar: 'vitrina_sidebar',
  defaultPage: 'vitrina_default_page',
} as const;

/** User 1 is the platform's owner: only they change their account and role, and only they see the error log (spec §2, §6). */
export const OWNER_USER_ID = 1;
