import path from 'node:path';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ServiceContext } from './lib/context.js';
import { createOutboxMailer, type Mailer } from './lib/mailer.js';
import type { SessionCacheOptions } from './lib/session-cache.js';
import { createLocalStorage, type FileStorage } from './lib/storage.js';
import { validatorCompiler } from './lib/validation.js';
import { authRoutes } from './modules/auth/index.js';
import { categoryRoutes } from './modules/categories/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { datasetRoutes } from './modules/dataset/index.js';
import { fileRoutes } from './modules/files/index.js';
import { makerRoutes } from './modules/makers/index.js';
import { micromarketRoutes } from './modules/micromarkets/index.js';
import { organizationRoutes } from './modules/organizations/index.js';
import { productRoutes } from './modules/products/index.js';
import { roleRoutes } from './modules/roles/index.js';
import { systemRoutes } from './modules/system/index.js';
import { tagRoutes } from './modules/tags/index.js';
import { userRoutes } from './modules/users/index.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { multipartPlugin } from './plugins/multipart.js';
import { loggerOptions, requestIdOf } from './plugins/request-logging.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPanelPlugin } from './plugins/web-panel.js';

export type AppDeps = {
  database: Database;
  config: Pick<Config, 'publicUrl' | 'webDist' | 'dataDir'> & Partial<Pick<Config, 'trustProxy'>>;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  storage?: FileStorage;
  /** Time to live of cached sessions (SESSION_CACHE_TTL_MS) and, for tests, the clock. */
  sessionCache?: SessionCacheOptions;
  /** Milliseconds since the epoch for the rate limits; injectable so tests move time without sleeping. */
  now?: () => number;
  /** Called for every route as it is declared, so tests can walk all of them. */
  onRoute?: (route: RouteOptions) => void;
};

/** Plugin order: framework → app plugins → routes (CONVENTIONS 4). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client: otherwise X-Forwarded-For is forgeable.
    trustProxy: deps.config.trustProxy?.length ? deps.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(securityHeadersPlugin, { isHttps: deps.config.publicUrl.startsWith('https:') });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(apiDocsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(multipartPlugin);
  await app.register(authPlugin, { database: deps.database, sessionCache: deps.sessionCache });

  const ctx: ServiceContext = {
    db: deps.database.db,
    mailer: deps.mailer ?? createOutboxMailer(deps.database.db, app.log),
    storage: deps.storage ?? createLocalStorage(path.join(deps.config.dataDir, 'files')),
    publicUrl: deps.config.publicUrl,
  };
  await app.register(systemRoutes, { database: deps.database });
  await app.register(authRoutes, { ctx, now: deps.now });
  await app.register(userRoutes, { ctx });
  await app.register(roleRoutes, { ctx });
  await app.register(organizationRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(micromarketRoutes, { ctx });
  await app.register(categoryRoutes, { ctx });
  await app.register(makerRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(tagRoutes, { ctx });
  await app.register(datasetRoutes, { ctx });

  await app.register(webPanelPlugin, { webDist: deps.config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
