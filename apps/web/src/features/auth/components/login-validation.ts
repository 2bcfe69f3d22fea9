import { ZLoginBody } from '@vitrina/contract';
import { parseForm } from '../../../lib/zod-form';

type Options = Omit<Parameters<typeof parseForm>[0], 'schema'>;

/**
 * The login form's check with the contract's schema, in a chunk of its own: zod, the schema
 * and the contract's messages load once the page shows, not before it.
 */
export function validateLogin(options: Options) {
  return parseForm({ schema: ZLoginBody, ...options });
}
