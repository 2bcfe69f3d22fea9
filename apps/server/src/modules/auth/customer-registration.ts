import { USER_KIND } from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { toE164 } from '../../lib/customers.js';

/** §3 user type 1: a customer, who buys; type 2 employees sign in to the panel. */
const CUSTOMER = USER_KIND.client;

export type CustomerRegistration = {
  orgId: number;
  name: string;
  email: string;
  phone: string;
  /** For local numbers: the organisation's country calling code (380, 48…). */
  callingCode?: string;
  lang?: 'en' | 'ua' | 'pl' | 'it' | 'sk';
};

/**
 * Registers a customer the way the customer flows do: a user of type 1 with the phone in
 * E.164, no role and no panel password. The phone is the customer's identity within the
 * organisation: registering it again answers the customer already there.
 */
export async function registerCustomer(db: Db, input: CustomerRegistration): Promise<{ id: number; phone: string }> {
  const phone = toE164(input.phone, input.callingCode);
  if (!phone) throw new Error(`not a phone number: ${input.phone}`);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, input.orgId), eq(users.userType, CUSTOMER), sql`${phone} = any(${users.phones})`))
    .limit(1);
  if (existing) return { id: existing.id, phone };
  const [row] = await db
    .insert(users)
    .values({
      orgId: input.orgId,
      name: input.name,
      email: input.email,
      phones: [phone],
      userType: CUSTOMER,
      roleId: null,
      passwordHash: null,
      lang: input.lang ?? 'en',
    })
    .returning({ id: users.id });
  return { id: row!.id, phone };
}
