import { USER_KIND } from '@vitrina/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

/** §3 user type 1: a customer, who buys; type 2 employees sign in to the panel. */
const CUSTOMER = USER_KIND.client;

/**
 * A phone as E.164 (`+` and 8 to 15 digits, no leading zero), or null when it cannot be one.
 * Spaces, dots, dashes and brackets go; `00` is the international prefix; a number without
 * one is local to `callingCode` (its trunk `0` dropped: UA `067…` → `+38067…`).
 */
export function toE164(raw: string, callingCode?: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (callingCode) digits = `${callingCode}${compact.replace(/^0/, '')}`;
  else return null;
  return /^[1-9][0-9]{7,14}$/.test(digits) ? `+${digits}` : null;
}

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
