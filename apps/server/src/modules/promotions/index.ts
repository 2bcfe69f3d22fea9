export { customerGroupIds } from './customer-groups.js';
export { applyPromotions, type GroupsOf } from './promotion-settlement.js';
