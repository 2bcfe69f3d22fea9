import { api, type TMapTiles } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { listEvents } from './device-events.repository.js';
import * as discounts from './discounts.service.js';
import { fleetDisplay } from './display.service.js';
import { exportMicromarkets } from './micromarket-export.js';
import { listMicromarketOptions } from './micromarkets.repository.js';
import * as micromarkets from './micromarkets.service.js';
import * as priceTags from './price-tags.service.js';
import * as prices from './prices.service.js';
import * as settings from './settings.service.js';
import * as shelves from './shelves.service.js';
import { listStock, listWrittenOff } from './stock.service.js';
import { micromarketTelemetry } from './telemetry.service.js';

const OK = { ok: true as const };

export async function micromarketRoutes(
  app: FastifyInstance,
  { ctx, mapTiles = null }: { ctx: ServiceContext; mapTiles?: TMapTiles },
) {
  registerEndpoint(app, api.micromarket.options, async ({ actor }) => ({
    items: await listMicromarketOptions(ctx.db, actor.scope.visibleIds),
  }));
  registerEndpoint(app, api.micromarket.list, ({ actor, query }) => micromarkets.listMicromarkets(ctx, actor, query));
  registerEndpoint(app, api.micromarket.export, ({ actor, query }) => exportMicromarkets(ctx, actor, query));
  registerEndpoint(app, api.micromarket.display, ({ actor, query }) => fleetDisplay(ctx, actor, mapTiles, query));
  registerEndpoint(app, api.micromarket.info, ({ actor, params }) =>
    micromarkets.getMicromarket(ctx, actor, params.id),
  );
  registerEndpoint(app, api.micromarket.create, ({ actor, body }) => micromarkets.createMicromarket(ctx, actor, body));
  registerEndpoint(app, api.micromarket.update, ({ actor, params, body }) =>
    micromarkets.updateMicromarket(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.delete, async ({ actor, params }) => {
    await micromarkets.deleteMicromarket(ctx, actor, params.id);
    return OK;
  });
  registerEndpoint(app, api.micromarket.rotateToken, ({ actor, params }) =>
    micromarkets.rotateToken(ctx, actor, params.id),
  );

  registerEndpoint(app, api.micromarket.settings, ({ actor, params }) => settings.getSettings(ctx, actor, params.id));
  registerEndpoint(app, api.micromarket.updateSettings, ({ actor, params, body }) =>
    settings.updateSettings(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.copySettings, ({ actor, body }) => settings.copySettings(ctx, actor, body));
  registerEndpoint(app, api.micromarket.telemetry, ({ actor, params, query }) =>
    micromarketTelemetry(ctx, actor, params.id, query.period),
  );
  registerEndpoint(app, api.micromarket.thresholds, ({ actor, query }) =>
    settings.getThresholds(ctx, actor, query.org_id),
  );
  registerEndpoint(app, api.micromarket.updateThresholds, ({ actor, body }) =>
    settings.updateThresholds(ctx, actor, body),
  );

  registerEndpoint(app, api.micromarket.shelves, ({ actor, params }) => shelves.listShelves(ctx, actor, params.id));
  registerEndpoint(app, api.micromarket.createShelf, ({ actor, params, body }) =>
    shelves.createShelf(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.updateShelf, ({ actor, params, body }) =>
    shelves.updateShelf(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.deleteShelf, async ({ actor, params }) => {
    await shelves.deleteShelf(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, api.micromarket.discounts, ({ actor, params }) =>
    discounts.listDiscounts(ctx, actor, params.id),
  );
  registerEndpoint(app, api.micromarket.createDiscount, ({ actor, params, body }) =>
    discounts.createDiscount(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.deleteDiscount, async ({ actor, params }) => {
    await discounts.deleteDiscount(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, api.micromarket.prices, ({ actor, params }) => prices.listPrices(ctx, actor, params.id));
  registerEndpoint(app, api.micromarket.upsertPrice, ({ actor, params, body }) =>
    prices.upsertPrice(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.deletePrice, async ({ actor, params }) => {
    await prices.deletePrice(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, api.micromarket.priceTags, ({ actor, params }) =>
    priceTags.listPriceTags(ctx, actor, params.id),
  );
  registerEndpoint(app, api.micromarket.createPriceTag, ({ actor, params, body }) =>
    priceTags.createPriceTag(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.updatePriceTag, ({ actor, params, body }) =>
    priceTags.updatePriceTag(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.micromarket.deletePriceTag, async ({ actor, params }) => {
    await priceTags.deletePriceTag(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, api.micromarket.stock, ({ actor, params, query }) => listStock(ctx, actor, params.id, query));
  registerEndpoint(app, api.micromarket.writtenOff, ({ actor, params, query }) =>
    listWrittenOff(ctx, actor, params.id, query),
  );

  registerEndpoint(app, api.micromarket.events, async ({ actor, params, query }) => {
    await micromarkets.getMicromarket(ctx, actor, params.id);
    return listEvents(ctx.db, params.id, {
      kind: query.kind,
      from: query.from,
      to: query.to,
      q: query.q,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
  });
}
