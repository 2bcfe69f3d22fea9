export { applyPromotions } from './promotion-settlement.js';
export { promotionRoutes } from './promotions.routes.js';
