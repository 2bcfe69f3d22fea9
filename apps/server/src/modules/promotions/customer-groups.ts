import type { Db } from '../../db/client.js';

/** Who is in any of the given user groups (customer user ids). */
export type GroupMembers = (db: Db, groupIds: readonly number[]) => Promise<number[]>;

export { groupMemberIds } from '../user-groups/index.js';
