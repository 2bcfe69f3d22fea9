import type { ModuleManifest } from '../../lib/module-manifest.js';
import { applyPromotions } from './promotion-settlement.js';
import { promotionRoutes } from './promotions.routes.js';

export { applyPromotions, PROMOTIONS_CHANNEL, type PromotionRulesCache } from './promotion-settlement.js';

export const promotionsModule: ModuleManifest = {
  name: 'promotions',
  routes: (app, { ctx }) => app.register(promotionRoutes, { ctx }),
  saleEvents: (events, { ctx }) => {
    // A paid sale earns its bonus promotions, keyed in the bonus ledger so a repeat pays nothing twice.
    events.on('paid', async (db, { sale }) => {
      await applyPromotions(db, sale, ctx.clock.now(), ctx.promotionRules);
    });
  },
};
