import { isStorableText } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** No request body of this API nests deeper than a few levels; 32 leaves room and stops abuse. */
export const JSON_MAX_DEPTH = 32;

/** The deepest nesting of `[` and `{` in JSON text, counted outside strings, in one pass. */
export function jsonDepth(body: string): number {
  let depth = 0;
  let deepest = 0;
  let isInString = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body.charCodeAt(i);
    if (isInString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) isInString = false;
    } else if (char === 0x22) isInString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

/** The first object key PostgreSQL could not store (NUL, lone surrogate), with its path. */
function unstorableKey(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null) continue;
    for (const [key, child] of Object.entries(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (!isStorableText(key)) return path;
      stack.push({ value: child, path });
    }
  }
  return null;
}

/** Shows a refused key without the characters that made it unprintable. */
function printable(path: string): string {
  return Array.from(path, (char) => (isStorableText(char) ? char : '\ufffd')).join('');
}

/**
 * JSON bodies parsed by Fastify's own parser (it refuses `__proto__` and `constructor`
 * poisoning), after a depth limit and with keys PostgreSQL can store: values are checked
 * field by field by the contract's schemas, so their errors name the field; keys are not
 * in any schema, so they are checked here.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > JSON_MAX_DEPTH) {
      done(new AppError(400, 'errors.json_too_deep'), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const key = unstorableKey(value);
      if (key !== null)
        return done(
          new AppError(400, 'validation.text_chars', {}, { [printable(key)]: 'validation.text_chars' }),
          undefined,
        );
      done(null, value);
    });
  });
});
