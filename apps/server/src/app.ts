import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TFleetThresholds } from '@vitrina/contract';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import {
  brokerAuthRoutes,
  DEFAULT_DEVICES_VHOST,
  DeviceDirectory,
  Gateway,
  type MqttSettings,
} from './gateway/index.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { ServiceContext } from './lib/context.js';
import { installationKeyPrefix } from './lib/installation.js';
import { createOutboxMailer, type Mailer } from './lib/mailer.js';
import { tileImageSource } from './lib/map-tiles.js';
import { installModules } from './lib/module-manifest.js';
import { OrgCache } from './lib/org-cache.js';
import { createOutgoingGuard, type HostLookup } from './lib/outgoing-address.js';
import { RateSharing } from './lib/rate-sharing.js';
import { SaleEvents } from './lib/sale-events.js';
import { createSecretBox } from './lib/secrets.js';
import type { SessionCacheOptions } from './lib/session-cache.js';
import { createLocalStorage, type FileStorage } from './lib/storage.js';
import { validatorCompiler } from './lib/validation.js';
import { slideSession } from './modules/auth/index.js';
import { FiscalProviders } from './modules/fiscal/index.js';
import { JobRunner } from './modules/jobs/index.js';
import { LiveBus, type LiveBusOptions } from './modules/live/index.js';
import { type TelemetryRetention, THRESHOLDS_CHANNEL } from './modules/micromarkets/index.js';
import { type ChannelEndpoints, DEFAULT_CHANNEL_ENDPOINTS, orgMailer } from './modules/notifications/index.js';
import {
  deliverTestWebhooks,
  PAYMENT_SETTINGS_CHANNEL,
  PaymentProviders,
  type PaymentSettingsRow,
  TEST_WEBHOOKS_KEY,
  testWebhooksJob,
} from './modules/payments/index.js';
import { PROMOTIONS_CHANNEL, type PromotionRulesCache } from './modules/promotions/index.js';
import type { PushProvider } from './modules/push/index.js';
import { onSaleLedgerSettled, saleStepsOn } from './modules/sales/index.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { multipartPlugin } from './plugins/multipart.js';
import { loggerOptions, QuietRequestLog, requestIdOf } from './plugins/request-logging.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPanelPlugin } from './plugins/web-panel.js';
import { SERVER_MODULES } from './server-modules.js';

export type AppDeps = {
  database: Database;
  config: Pick<Config, 'publicUrl' | 'webDist' | 'dataDir'> &
    Partial<Pick<Config, 'trustProxy' | 'mapTiles' | 'outgoingAllowHosts'>>;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** The server runs the demo database (main decides): the outbox mailer prints a sign-in code's `demoLine`. */
  demoMode?: boolean;
  storage?: FileStorage;
  /** Time to live of cached sessions (SESSION_CACHE_TTL_MS); they follow `clock`. */
  sessionCache?: Omit<SessionCacheOptions, 'now'>;
  /** Live updates: how long events gather before they are sent (0 in tests), the stream's heartbeat. */
  live?: LiveBusOptions & { heartbeatMs?: number };
  /** Called for every route as it is declared, so tests can walk all of them. */
  onRoute?: (route: RouteOptions) => void;
  /** Where time comes from; tests pass a TestClock. */
  clock?: Clock;
  /** Claim and run due jobs (the server does; tests run due jobs themselves with `app.jobs.runDue()`). */
  runJobs?: boolean;
  /** Run the device gateway: the embedded broker on `port`, or the external one at `url`. Omitted: no gateway. */
  mqtt?: MqttSettings;
  /** TELEMETRY_RETENTION_DAYS and TELEMETRY_HOURLY_RETENTION_MONTHS; omitted: 7 days and 13 months. */
  telemetryRetention?: TelemetryRetention;
  /** Encrypts stored credentials (main resolves SECRET_KEY); omitted in tests: a random key per app. */
  secretKey?: string;
  /** Tests point the Stripe adapter at a local stand-in. */
  payments?: { stripeBaseUrl?: string };
  /** Tests point the Checkbox adapter at a local stand-in (CHECKBOX_API_URL). */
  fiscal?: { checkboxBaseUrl?: string | undefined };
  /** Where push messages go; the built-in inbox by default (tests pass a provider that refuses or records). */
  push?: PushProvider;
  /** Telegram's and WhatsApp's API addresses (TELEGRAM_API_ROOT, WHATSAPP_API_BASE; tests: local stand-ins). */
  channels?: Partial<Omit<ChannelEndpoints, 'outgoing'>>;
  /** How the outgoing guard resolves names (tests: a fixed table); the system resolver by default. */
  outgoingLookup?: HostLookup;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates of this instance: services publish through ctx.live, tests follow it. */
    live: LiveBus;
    /** Shares the rate limits' counts with the other instances (tests wait on its sync). */
    rateSharing: RateSharing;
    /** The context the routes hand to services; the device gateway, jobs and tests use the same. */
    services: ServiceContext;
    jobs: JobRunner;
    gateway: Gateway | null;
    payments: PaymentProviders;
    fiscal: FiscalProviders;
  }
}

/** Plugin order: framework → app plugins → routes (CONVENTIONS 4). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    logController: new QuietRequestLog(),
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
  const mapTiles = deps.config.mapTiles ?? null;
  const tileSource = tileImageSource(mapTiles);
  await app.register(securityHeadersPlugin, {
    isHttps: deps.config.publicUrl.startsWith('https:'),
    imageSources: tileSource ? [tileSource] : [],
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(apiDocsPlugin, { publicUrl: deps.config.publicUrl });
  await app.register(jsonBodyPlugin);
  await app.register(multipartPlugin);
  const clock = deps.clock ?? systemClock;
  await app.register(authPlugin, {
    database: deps.database,
    clock,
    sessionCache: deps.sessionCache,
    slide: slideSession,
  });

  const rateSharing = new RateSharing(deps.database, app.log);
  await rateSharing.start();
  app.decorate('rateSharing', rateSharing);
  app.addHook('onClose', () => rateSharing.stop());

  const live = new LiveBus(deps.database, deps.live);
  await live.start();
  app.decorate('live', live);
  app.addHook('onClose', () => live.stop());

  const thresholds = new OrgCache<TFleetThresholds>({ channel: THRESHOLDS_CHANNEL });
  await thresholds.start(deps.database);
  app.addHook('onClose', () => thresholds.stop());
  const promotionRules: PromotionRulesCache = new OrgCache({ channel: PROMOTIONS_CHANNEL });
  await promotionRules.start(deps.database);
  app.addHook('onClose', () => promotionRules.stop());

  const saleEvents = new SaleEvents();
  const jobs = new JobRunner({
    db: deps.database.db,
    clock,
    logger: app.log,
    listen: (channel, handlers) => deps.database.listen(channel, handlers),
  });
  app.decorate('jobs', jobs);
  const outgoing = createOutgoingGuard({
    allowHosts: deps.config.outgoingAllowHosts ?? [],
    ...(deps.outgoingLookup ? { lookup: deps.outgoingLookup } : {}),
    log: (detail) => app.log.warn({ outgoing: detail }, 'an organisation’s outgoing address was refused or failed'),
  });
  const channelEndpoints: ChannelEndpoints = { ...DEFAULT_CHANNEL_ENDPOINTS, ...deps.channels, outgoing };
  const secrets = createSecretBox(deps.secretKey ?? randomBytes(32).toString('base64url'));
  const ctx: ServiceContext = {
    db: deps.database.db,
    clock,
    jobs,
    live,
    thresholds,
    promotionRules,
    saleEvents,
    mailer: orgMailer(deps.mailer ?? createOutboxMailer(deps.database.db, app.log, { demo: deps.demoMode === true }), {
      db: deps.database.db,
      secrets,
      endpoints: channelEndpoints,
      onRefused: (error) =>
        app.log.warn({ err: error }, 'the organisation’s mail server refused; the mail went to the outbox'),
    }),
    storage: deps.storage ?? createLocalStorage(path.join(deps.config.dataDir, 'files')),
    publicUrl: deps.config.publicUrl,
    secrets,
  };
  app.decorate('services', ctx);
  const paymentSettingsCache = new OrgCache<PaymentSettingsRow | null>({ channel: PAYMENT_SETTINGS_CHANNEL });
  await paymentSettingsCache.start(deps.database);
  app.addHook('onClose', () => paymentSettingsCache.stop());
  const payments = new PaymentProviders({
    db: deps.database.db,
    settings: paymentSettingsCache,
    secrets: ctx.secrets,
    clock,
    stripeBaseUrl: deps.payments?.stripeBaseUrl,
    publicUrl: deps.config.publicUrl,
    keyPrefix: await installationKeyPrefix(deps.database.db),
    // A charge or refund that a webhook or the reconciliation settles later: its sale follows
    // (the sales module, which announces what changed as sale events in the same transaction).
    onLedgerSettled: (db, row) => onSaleLedgerSettled(ctx, db, row),
    // The test provider's webhooks reach the server as a provider's would: a delayed job per
    // webhook delivers it once it falls due (tests without the runner deliver them by hand).
    onTestWebhookQueued: (dueMs) => {
      // Due now, on an instance that runs its jobs: delivered in-process at once, without a row.
      if (deps.runJobs && dueMs <= clock.nowMs()) return jobs.runSoon(testWebhooksJob, {}, { key: TEST_WEBHOOKS_KEY });
      jobs
        .enqueue(testWebhooksJob, {}, { runAt: new Date(dueMs) })
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not queue a test provider webhook'));
    },
  });
  app.decorate('payments', payments);
  const deliverWebhooks = () =>
    deliverTestWebhooks(ctx, payments, (error) => app.log.warn({ err: error }, 'test provider webhook refused'));
  const fiscal = new FiscalProviders({
    db: ctx.db,
    secrets: ctx.secrets,
    clock,
    checkboxBaseUrl: deps.fiscal?.checkboxBaseUrl,
  });
  app.decorate('fiscal', fiscal);
  // A sale's hold and settlement run at once in their kinds' slots on this instance (tests wait on `app.jobs.idle()`).
  const saleSteps = saleStepsOn(jobs);
  const gateway = deps.mqtt
    ? new Gateway({
        ctx,
        database: deps.database,
        mqtt: deps.mqtt,
        logger: app.log,
        settleNow: saleSteps,
      })
    : null;
  app.decorate('gateway', gateway);
  // RabbitMQ's device logins (BROKER=rabbitmq), answered with the gateway's directory when one
  // runs (its OrgWatch forgets what changed); without a gateway nothing would, so nothing is cached.
  const amqpVhost = deps.mqtt?.rabbitmq
    ? decodeURIComponent(new URL(deps.mqtt.rabbitmq.amqpUrl).pathname.slice(1))
    : '';
  brokerAuthRoutes(app, {
    directory: gateway?.directory ?? new DeviceDirectory(ctx.db, clock, 0),
    vhost: amqpVhost || DEFAULT_DEVICES_VHOST,
    stats: gateway?.stats,
  });
  // Every module's sale-event subscribers, stop hook, routes and jobs, in the order
  // server-modules.ts documents (the rules are the modules', not this file's).
  await installModules(app, SERVER_MODULES, {
    events: saleEvents,
    jobs,
    deps: {
      ctx,
      database: deps.database,
      rateSharing,
      live,
      liveHeartbeatMs: deps.live?.heartbeatMs,
      payments,
      deliverTestWebhooks: deliverWebhooks,
      fiscal,
      saleSteps,
      channelEndpoints,
      mapTiles,
      push: deps.push,
      gateway,
      telemetryRetention: deps.telemetryRetention,
    },
  });

  await app.register(webPanelPlugin, { webDist: deps.config.webDist });
  // app.close() (graceful shutdown) stops polling and hands claimed jobs back, before main closes the database.
  if (gateway) {
    app.addHook('onReady', () => gateway.start());
    app.addHook('onClose', () => gateway.stop());
  }
  if (deps.runJobs) {
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
