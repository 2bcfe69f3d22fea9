import type { Db } from '../../db/client.js';

/**
 * The user groups a customer belongs to, for promotions restricted to groups. The groups
 * tables arrive with the user-groups module; until it is merged no customer is in a group,
 * so a promotion restricted to groups pays nobody (never everybody).
 */
export async function customerGroupIds(_db: Db, _userId: number): Promise<number[]> {
  return [];
}
