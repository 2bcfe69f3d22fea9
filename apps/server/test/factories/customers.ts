import type { Db } from '../../src/db/client.js';
import { registerCustomer } from '../../src/modules/auth/index.js';
import { uniqueName } from './sequence.js';

let phoneSeq = 1_000_000 + Math.floor(Math.random() * 8_000_000);

/** A Ukrainian mobile number in E.164 that no other customer of this run has. */
export const uniquePhone = () => `+38067${String(++phoneSeq).padStart(7, '0')}`;

/** A customer (user type 1) registered the way the customer flows do, with a phone of its own. */
export async function createCustomer(db: Db, orgId: number, values: { name?: string; email?: string } = {}) {
  const name = values.name ?? uniqueName('Customer');
  const email = values.email ?? `${uniqueName('c').replace(/\W+/g, '.')}@example.com`;
  const made = await registerCustomer(db, { orgId, name, email, phone: uniquePhone() });
  return { ...made, name, email };
}
