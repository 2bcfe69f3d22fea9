import type { FormInstance } from 'antd';
import { isApiError } from './api-error';

/*
 * Form errors that need no schema, apart from zod-form.ts: the login page shows the server's
 * errors before zod and the contract's messages have loaded.
 */

/** Shows the server's per-field errors (`fields` of an error answer) on the form. */
export function applyServerErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error)) return;
  const fields = Object.entries(error.fields).map(([name, message]) => ({
    name: [name.split('.')[0] ?? name],
    errors: [message],
  }));
  if (fields.length > 0) form.setFields(fields);
}

/** Errors set by hand stay until cleared; a field's error goes away as soon as the user edits it. */
export function clearErrorsOnChange(form: FormInstance) {
  return (changed: Record<string, unknown>) =>
    form.setFields(Object.keys(changed).map((name) => ({ name: [name], errors: [] })));
}
