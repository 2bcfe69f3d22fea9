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
  const d = api.device;
  registerEndpoint(app, d.options, async ({ actor }) => ({
    items: await listMicromarketOptions(ctx.db, actor.scope.visibleIds),
  }));
  registerEndpoint(app, d.list, ({ actor, query }) => micromarkets.listMicromarkets(ctx, actor, query));
  registerEndpoint(app, d.export, ({ actor, query }) => exportMicromarkets(ctx, actor, query));
  registerEndpoint(app, d.display, ({ actor, query }) => fleetDisplay(ctx, actor, mapTiles, query));
  registerEndpoint(app, d.info, ({ actor, params }) => micromarkets.getMicromarket(ctx, actor, params.id));
  registerEndpoint(app, d.create, ({ actor, body }) => micromarkets.createMicromarket(ctx, actor, body));
  registerEndpoint(app, d.update, ({ actor, params, body }) =>
    micromarkets.updateMicromarket(ctx, actor, params.id, body),
  );
  registerEndpoint(app, d.delete, async ({ actor, params }) => {
    await micromarkets.deleteMicromarket(ctx, actor, params.id);
    return OK;
  });
  registerEndpoint(app, d.rotateToken, ({ actor, params }) => micromarkets.rotateToken(ctx, actor, params.id));

  registerEndpoint(app, d.settings, ({ actor, params }) => settings.getSettings(ctx, actor, params.id));
  registerEndpoint(app, d.updateSettings, ({ actor, params, body }) =>
    settings.updateSettings(ctx, actor, params.id, body),
  );
  registerEndpoint(app, d.copySettings, ({ actor, body }) => settings.copySettings(ctx, actor, body));
  registerEndpoint(app, d.telemetry, ({ actor, params, query }) =>
    micromarketTelemetry(ctx, actor, params.id, query.period),
  );
  registerEndpoint(app, d.thresholds, ({ actor, query }) => settings.getThresholds(ctx, actor, query.org_id));
  registerEndpoint(app, d.updateThresholds, ({ actor, body }) => settings.updateThresholds(ctx, actor, body));

  registerEndpoint(app, d.shelves, ({ actor, params }) => shelves.listShelves(ctx, actor, params.id));
  registerEndpoint(app, d.createShelf, ({ actor, params, body }) => shelves.createShelf(ctx, actor, params.id, body));
  registerEndpoint(app, d.updateShelf, ({ actor, params, body }) => shelves.updateShelf(ctx, actor, params.id, body));
  registerEndpoint(app, d.deleteShelf, async ({ actor, params }) => {
    await shelves.deleteShelf(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, d.discounts, ({ actor, params }) => discounts.listDiscounts(ctx, actor, params.id));
  registerEndpoint(app, d.createDiscount, ({ actor, params, body }) =>
    discounts.createDiscount(ctx, actor, params.id, body),
  );
  registerEndpoint(app, d.deleteDiscount, async ({ actor, params }) => {
    await discounts.deleteDiscount(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, d.prices, ({ actor, params }) => prices.listPrices(ctx, actor, params.id));
  registerEndpoint(app, d.upsertPrice, ({ actor, params, body }) => prices.upsertPrice(ctx, actor, params.id, body));
  registerEndpoint(app, d.deletePrice, async ({ actor, params }) => {
    await prices.deletePrice(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, d.priceTags, ({ actor, params }) => priceTags.listPriceTags(ctx, actor, params.id));
  registerEndpoint(app, d.createPriceTag, ({ actor, params, body }) =>
    priceTags.createPriceTag(ctx, actor, params.id, body),
  );
  registerEndpoint(app, d.updatePriceTag, ({ actor, params, body }) =>
    priceTags.updatePriceTag(ctx, actor, params.id, body),
  );
  registerEndpoint(app, d.deletePriceTag, async ({ actor, params }) => {
    await priceTags.deletePriceTag(ctx, actor, params.id);
    return OK;
  });

  registerEndpoint(app, d.stock, ({ actor, params, query }) => listStock(ctx, actor, params.id, query));
  registerEndpoint(app, d.writtenOff, ({ actor, params, query }) => listWrittenOff(ctx, actor, params.id, query));

  registerEndpoint(app, d.events, async ({ actor, params, query }) => {
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
