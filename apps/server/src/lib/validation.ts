import { isMessageKey, type Locale, translate } from '@vitrina/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { RequestValidationError } from './errors.js';

const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  ua: z.locales.uk,
  pl: z.locales.pl,
  it: z.locales.it,
  sk: z.locales.sk,
};

/** Validates with the contract's zod schema and keeps the raw issues for localisation. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

/** One message per failing field, in the caller's locale. */
export function localiseIssues(issues: z.core.$ZodIssue[], locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    if (fields[field]) continue;
    fields[field] = localiseIssue(issue, locale);
  }
  return fields;
}

function localiseIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  // A custom issue's params fill its message's placeholders (the key a push message may not use).
  if (isMessageKey(issue.message)) {
    const params = issue.code === 'custom' ? (issue.params as Record<string, string | number> | undefined) : undefined;
    return translate(issue.message, locale, params);
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return translate('validation.required', locale);
  const localised = ZOD_LOCALES[locale]().localeError(issue as never);
  if (typeof localised === 'string') return localised;
  return localised?.message ?? issue.message;
}
