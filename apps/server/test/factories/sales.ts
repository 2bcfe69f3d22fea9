import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { customerCards, users } from '../../src/db/schema/index.js';
import { uniqueName } from './sequence.js';

/** A customer (user type 1) with a card saved at the test provider and the token a fridge reads. */
export async function insertCustomerWithCard(db: Db, orgId: number, values: { name?: string } = {}) {
  const name = values.name ?? uniqueName('Customer');
  const [user] = await db
    .insert(users)
    .values({ orgId, name, email: `${randomUUID()}@customer.test`, userType: 1 })
    .returning({ id: users.id });
  const token = `ct_${randomUUID().replaceAll('-', '')}`;
  await db.insert(customerCards).values({
    orgId,
    userId: user!.id,
    token,
    provider: 'test',
    paymentMethod: `pm_test_${randomUUID().slice(0, 8)}`,
    providerCustomer: `cus_test_${randomUUID().slice(0, 8)}`,
    brand: 'visa',
    last4: '4242',
  });
  return { userId: user!.id, token, name };
}
