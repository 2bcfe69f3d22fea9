import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

/**
 * What the panel says when the session check (the user's own record) fails, before it sends
 * the user to sign in again (spec §8): a server error (5xx) says that an error occurred on the
 * server and a new sign-in is needed; any other answer its own message; a failure that is no
 * answer at all "Has Error"; a user with no name "Verification failed, please Login again."
 */
export function sessionFailureText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return error.status >= 500 ? t('session.server_error') : error.message;
  return error ? t('session.has_error') : t('session.verification_failed');
}
