import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@vitrina/contract';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createOutboxMailer, type Mailer } from './lib/mailer.js';
import { createLocalStorage, type FileStorage } from './lib/storage.js';
import { validatorCompiler } from './lib/validation.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { categoryRoutes } from './modules/categories/categories.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { datasetRoutes } from './modules/dataset/dataset.routes.js';
import { fileRoutes } from './modules/files/files.routes.js';
import { makerRoutes } from './modules/makers/makers.routes.js';
import { micromarketRoutes } from './modules/micromarkets/micromarkets.routes.js';
import { organizationRoutes } from './modules/organizations/organizations.routes.js';
import { productRoutes } from './modules/products/products.routes.js';
import { roleRoutes } from './modules/roles/roles.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tagRoutes } from './modules/tags/tags.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { localeOf, registerErrorHandler } from './plugins/error-handler.js';

export type AppDeps = {
  database: Database;
  config: Pick<Config, 'publicUrl' | 'webDist' | 'dataDir'>;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  storage?: FileStorage;
  /** Sees every route as it is registered (the route-table auth test walks them all). */
  onRoute?: (route: RouteOptions) => void;
};

export type ServiceContext = { db: Database['db']; mailer: Mailer; storage: FileStorage; publicUrl: string };

/** Plugin order: framework → app plugins → routes (CONVENTIONS 4). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Vitrina API', version: '1.0.0', description: 'Back-office API for smart micromarkets' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(multipart);
  await app.register(authPlugin, { db: deps.database.db });

  const ctx: ServiceContext = {
    db: deps.database.db,
    mailer: deps.mailer ?? createOutboxMailer(deps.database.db, app.log),
    storage: deps.storage ?? createLocalStorage(path.join(deps.config.dataDir, 'files')),
    publicUrl: deps.config.publicUrl,
  };
  await app.register(systemRoutes, { database: deps.database });
  await app.register(authRoutes, { ctx });
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
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  const hasWeb = fs.existsSync(path.join(deps.config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those files never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Every other GET is a client-side route of the single-page panel.
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/v1/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: translate('errors.not_found', localeOf(request)) });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
