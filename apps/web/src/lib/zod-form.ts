import { isLocale, isMessageKey, type Locale, translate } from '@vitrina/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';

type Issue = { path: PropertyKey[]; message: string };
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };
export type Schema<T> = { safeParse: (value: unknown) => ParseResult<T> };

type FieldError = { name: (string | number)[]; errors: string[] };

/** Contract schemas carry message keys; unkeyed zod defaults get a generic localized text. */
export function translateIssue(message: string, options: { locale: string; t: TFunction }): string {
  const locale: Locale = isLocale(options.locale) ? options.locale : 'en';
  if (isMessageKey(message)) return translate(message, locale);
  return options.t('validation.invalid');
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function toFieldErrors(issues: Issue[], options: { locale: string; t: TFunction; values: unknown }): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    // Forms here are flat: an error on `phones.1` belongs to the `phones` control.
    const head = issue.path[0];
    const name = typeof head === 'string' || typeof head === 'number' ? [head] : [];
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    // Unkeyed zod messages on an empty control are really "required".
    const value = head === undefined ? undefined : (options.values as Record<PropertyKey, unknown>)[head];
    const message = !isMessageKey(issue.message) && isBlank(value) ? 'validation.required' : issue.message;
    entry.errors.push(translateIssue(message, options));
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/** Validates form values with a contract schema; on failure marks the fields and returns null. */
export function parseForm<T>(options: {
  schema: Schema<T>;
  values: unknown;
  form: FormInstance;
  locale: string;
  t: TFunction;
}): T | null {
  const result = options.schema.safeParse(options.values);
  if (result.success) return result.data;
  options.form.setFields(toFieldErrors(result.error.issues, options));
  return null;
}
