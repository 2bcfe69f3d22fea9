export { applyPromotions, PROMOTIONS_CHANNEL, type PromotionRulesCache } from './promotion-settlement.js';
export { promotionRoutes } from './promotions.routes.js';
