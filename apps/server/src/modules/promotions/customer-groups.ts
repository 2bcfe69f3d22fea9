import type { Db } from '../../db/client.js';

/** Who is in any of the given user groups (customer user ids). */
export type GroupMembers = (db: Db, groupIds: readonly number[]) => Promise<number[]>;

/**
 * The members of user groups, for promotions restricted to groups. The groups tables arrive
 * with the user-groups module (its `groupMemberIds`); until it is merged no customer is in a
 * group, so a promotion restricted to groups reaches nobody (never everybody).
 */
export const groupMemberIds: GroupMembers = async () => [];
