import { USER_KIND } from '@vitrina/contract';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/sql.js';

/** How many customers a picker is offered at a time. */
export const CUSTOMER_SEARCH_LIMIT = 20;

export type CustomerSearch = {
  /** The organisation whose customers are searched (the caller checked it is visible). */
  orgId: number;
  /** A second fence: only these organisations (null: every one). */
  orgIds?: number[] | null;
  /** Part of the name, the email or a phone, any case; empty: the first customers by name. */
  q?: string | undefined;
  /** Blocked customers are left out (they cannot be addressed); a ticket may still be about one. */
  activeOnly: boolean;
};

export type FoundCustomer = { id: number; name: string; phone: string | null };

/**
 * The one search of an organisation's customers (type-1 users) for the panel's pickers, by
 * name, email or phone, ordered by name, at most CUSTOMER_SEARCH_LIMIT; `phone` is the first
 * phone. Push recipients and support's customers both ask it.
 */
export async function searchCustomers(db: Db, search: CustomerSearch): Promise<FoundCustomer[]> {
  const pattern = search.q ? `%${escapeLike(search.q)}%` : null;
  const orgIds = search.orgIds ?? null;
  return db
    .select({ id: users.id, name: users.name, phone: sql<string | null>`${users.phones}[1]` })
    .from(users)
    .where(
      and(
        eq(users.orgId, search.orgId),
        orgIds === null ? undefined : inArray(users.orgId, orgIds),
        eq(users.userType, USER_KIND.client),
        search.activeOnly ? eq(users.active, true) : undefined,
        pattern
          ? or(
              ilike(users.name, pattern),
              ilike(users.email, pattern),
              sql`array_to_string(${users.phones}, ' ') ILIKE ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(users.name, users.id)
    .limit(CUSTOMER_SEARCH_LIMIT);
}
