export type LoginValues = { email?: string; password?: string };

/**
 * The login form's check before sending, which needs neither zod nor the contract's messages:
 * it only refuses what the contract's ZLoginBody certainly refuses (a blank password, an email
 * that is not `something@something` once trimmed). Those inputs load the schema for its exact,
 * localised messages (login-validation.ts); anything subtler is refused by the server with the
 * same messages per field. login-check.test.ts holds it to that: whatever it refuses, ZLoginBody
 * refuses too.
 */
export function quickLoginBody(values: LoginValues): { email: string; password: string } | null {
  const email = (values.email ?? '').trim();
  const password = values.password ?? '';
  const at = email.indexOf('@');
  if (password === '' || at < 1 || at === email.length - 1) return null;
  return { email, password };
}
