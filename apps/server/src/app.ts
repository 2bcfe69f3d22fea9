import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PAYMENT_STATUS, SALE_PAYMENT, type TFleetThresholds } from '@vitrina/contract';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { Gateway, type MqttSettings } from './gateway/index.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { ServiceContext } from './lib/context.js';
import { installationKeyPrefix } from './lib/installation.js';
import { createOutboxMailer, type Mailer } from './lib/mailer.js';
import { tileImageSource } from './lib/map-tiles.js';
import { OrgCache } from './lib/org-cache.js';
import { createOutgoingGuard, type HostLookup } from './lib/outgoing-address.js';
import { RateSharing } from './lib/rate-sharing.js';
import { SaleEvents } from './lib/sale-events.js';
import { createSecretBox } from './lib/secrets.js';
import type { SessionCacheOptions } from './lib/session-cache.js';
import { createLocalStorage, type FileStorage } from './lib/storage.js';
import { validatorCompiler } from './lib/validation.js';
import { accountingRoutes } from './modules/accounting/index.js';
import { alertRoutes, registerAlertJobs } from './modules/alerts/index.js';
import { authRoutes, registerAuthJobs, slideSession } from './modules/auth/index.js';
import { categoryRoutes } from './modules/categories/index.js';
import { certificateRoutes } from './modules/certificates/index.js';
import { courierRoutes } from './modules/courier/index.js';
import { customerAppRoutes, registerCustomerAppJobs } from './modules/customer-app/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { datasetRoutes } from './modules/dataset/index.js';
import { deviceCommandRoutes, registerDeviceCommandJobs } from './modules/device-commands/index.js';
import { deviceGroupRoutes } from './modules/device-groups/index.js';
import { errorAnalyticsRoutes } from './modules/error-analytics/index.js';
import { fileRoutes } from './modules/files/index.js';
import {
  FiscalProviders,
  fiscalRoutes,
  onRefundReversed,
  onSalePaid,
  onSaleRefunded,
  registerFiscalJobs,
} from './modules/fiscal/index.js';
import { JobRunner, jobRoutes } from './modules/jobs/index.js';
import { LiveBus, type LiveBusOptions, liveRoutes } from './modules/live/index.js';
import { makerRoutes } from './modules/makers/index.js';
import { micromarketRoutes, registerMicromarketJobs, THRESHOLDS_CHANNEL } from './modules/micromarkets/index.js';
import {
  type ChannelEndpoints,
  DEFAULT_CHANNEL_ENDPOINTS,
  notificationChannelRoutes,
  notificationRoutingRoutes,
  orgMailer,
  registerNotificationJobs,
} from './modules/notifications/index.js';
import { openLinkRoutes, registerOpenLinkJobs } from './modules/open-links/index.js';
import { orderRoutes } from './modules/orders/index.js';
import { organizationRoutes } from './modules/organizations/index.js';
import {
  deliverTestWebhooks,
  PAYMENT_SETTINGS_CHANNEL,
  PaymentProviders,
  type PaymentSettingsRow,
  paymentRoutes,
  registerPaymentJobs,
  TEST_WEBHOOKS_JOB,
  TestWebhookPump,
} from './modules/payments/index.js';
import { planningRoutes, registerPlanningJobs } from './modules/planning/index.js';
import { planogramRoutes, registerPlanogramJobs } from './modules/planograms/index.js';
import { productRoutes } from './modules/products/index.js';
import {
  applyPromotions,
  PROMOTIONS_CHANNEL,
  type PromotionRulesCache,
  promotionRoutes,
} from './modules/promotions/index.js';
import { inboxPushProvider, type PushProvider, pushRoutes, registerPushJobs } from './modules/push/index.js';
import { receiptRoutes } from './modules/receipts/index.js';
import { markSaleRollups, registerReportJobs, reportRoutes, saleBucketOf } from './modules/reports/index.js';
import { roleRoutes } from './modules/roles/index.js';
import { onSaleLedgerSettled, registerSalesJobs, type SaleRow, SaleSettler } from './modules/sales/index.js';
import { registerSubscriptionJobs, subscriptionRoutes } from './modules/subscriptions/index.js';
import { supportRoutes } from './modules/support/index.js';
import { systemRoutes } from './modules/system/index.js';
import { tagRoutes } from './modules/tags/index.js';
import { transactionRoutes } from './modules/transactions/index.js';
import { userGroupRoutes } from './modules/user-groups/index.js';
import { userRoutes } from './modules/users/index.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { multipartPlugin } from './plugins/multipart.js';
import { loggerOptions, QuietRequestLog, requestIdOf } from './plugins/request-logging.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPanelPlugin } from './plugins/web-panel.js';

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
  /** Poll the job queue (the server does; tests run due jobs themselves with `app.jobs.runDue()`). */
  runJobs?: boolean;
  /** Run the device gateway: the embedded broker on `port`, or the external one at `url`. Omitted: no gateway. */
  mqtt?: MqttSettings;
  telemetryRetentionDays?: number;
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
    /** Takes closed sales' money right away (tests wait on its idle). */
    saleSettler: SaleSettler;
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
  const jobs = new JobRunner({ db: deps.database.db, clock, logger: app.log });
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
    // The test provider's webhooks reach the server as a provider's would: a delayed job per
    // webhook delivers it once it falls due (tests without the runner deliver them by hand).
    // A charge or refund that a webhook or the reconciliation settles later: its sale follows.
    // A refund the bank reversed after all (an error now): its return receipt, if registered, is corrected.
    onLedgerSettled: async (db, row) => {
      await onSaleLedgerSettled(ctx, db, row.transactionId);
      if (row.status === PAYMENT_STATUS.error) await onRefundReversed(db, row, clock.now());
    },
    onTestWebhookQueued: (dueMs) => {
      // Due now, on an instance that runs its jobs: delivered in-process at once.
      if (webhookPump && dueMs <= clock.nowMs()) return webhookPump.soon();
      jobs
        .enqueue(TEST_WEBHOOKS_JOB, {}, { runAt: new Date(dueMs) })
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not queue a test provider webhook'));
    },
  });
  app.decorate('payments', payments);
  const deliverWebhooks = () =>
    deliverTestWebhooks(ctx, payments, (error) => app.log.warn({ err: error }, 'test provider webhook refused'));
  const webhookPump = deps.runJobs
    ? new TestWebhookPump(deliverWebhooks, (error) =>
        app.log.warn({ err: error }, 'test provider webhooks not delivered'),
      )
    : null;
  if (webhookPump) app.addHook('onClose', () => webhookPump.idle());
  const fiscal = new FiscalProviders({
    db: ctx.db,
    secrets: ctx.secrets,
    clock,
    checkboxBaseUrl: deps.fiscal?.checkboxBaseUrl,
  });
  app.decorate('fiscal', fiscal);
  // What a sale sets off, inside the database transaction that changed it (DESIGN §9): its
  // bonus promotions once paid (keyed in the bonus ledger, so a repeat pays nothing twice),
  // its fiscal receipt once paid and a return receipt per refund (jobs keyed by sale and
  // refund), and its micromarket-day of the sales rollups (marked here, recomputed by the
  // `reports.rollups` job or before a report reads it). A settled sale that is paid is
  // marked by its `paid` event, which the settlement sends in the same transaction.
  const rollup = async (db: Db, { sale }: { sale: SaleRow }) => markSaleRollups(db, saleBucketOf(sale));
  saleEvents
    .on('settled', async (db, event) => {
      if (event.sale.paymentStatus !== SALE_PAYMENT.paid) await rollup(db, event);
    })
    .on('paid', async (db, { sale, settings }) => {
      await applyPromotions(db, sale, clock.now(), ctx.promotionRules);
      await onSalePaid(db, sale, clock.now(), settings ?? undefined);
    })
    .on('paid', rollup)
    .on('refunded', async (db, { sale, refunds }) => {
      for (const refund of refunds) await onSaleRefunded(db, sale, refund, clock.now());
    })
    .on('refunded', rollup);
  const settler = new SaleSettler(ctx, payments, app.log);
  app.decorate('saleSettler', settler);
  app.addHook('onClose', () => settler.idle());
  await app.register(systemRoutes, { database: deps.database });
  await app.register(authRoutes, { ctx, rateSharing });
  await app.register(userRoutes, { ctx });
  await app.register(roleRoutes, { ctx });
  await app.register(organizationRoutes, { ctx });
  await app.register(certificateRoutes, { ctx });
  await app.register(userGroupRoutes, { ctx });
  await app.register(pushRoutes, { ctx });
  await app.register(supportRoutes, { ctx });
  await app.register(errorAnalyticsRoutes, { ctx });
  await app.register(notificationChannelRoutes, { ctx, endpoints: channelEndpoints });
  await app.register(notificationRoutingRoutes, { ctx });
  await app.register(paymentRoutes, { ctx, providers: payments });
  await app.register(fiscalRoutes, { ctx, providers: fiscal });
  await app.register(receiptRoutes, { ctx });
  await app.register(transactionRoutes, { ctx, providers: payments });
  await app.register(subscriptionRoutes, { ctx, providers: payments });
  await app.register(orderRoutes, { ctx, providers: payments });
  await app.register(planogramRoutes, { ctx });
  await app.register(planningRoutes, { ctx });
  await app.register(accountingRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(micromarketRoutes, { ctx, mapTiles });
  await app.register(deviceGroupRoutes, { ctx });
  await app.register(categoryRoutes, { ctx });
  await app.register(makerRoutes, { ctx });
  await app.register(promotionRoutes, { ctx });
  await app.register(productRoutes, { ctx });
  await app.register(tagRoutes, { ctx });
  await app.register(datasetRoutes, { ctx });
  await app.register(alertRoutes, { ctx });
  await app.register(jobRoutes, { ctx });
  await app.register(liveRoutes, { ctx, bus: live, heartbeatMs: deps.live?.heartbeatMs });
  const gateway = deps.mqtt
    ? new Gateway({
        ctx,
        database: deps.database,
        mqtt: deps.mqtt,
        logger: app.log,
        settleNow: settler,
      })
    : null;
  app.decorate('gateway', gateway);
  // Every module's background jobs, registered in one place (issue 26): each module's
  // `<module>-jobs.ts` registers all of its kinds with their options.
  registerPaymentJobs(jobs, { ctx, providers: payments, deliverTestWebhooks: deliverWebhooks });
  registerPlanogramJobs(jobs, { ctx });
  registerFiscalJobs(jobs, { ctx, providers: fiscal });
  registerSalesJobs(jobs, { ctx, providers: payments });
  registerOpenLinkJobs(jobs, { ctx, providers: payments });
  registerReportJobs(jobs, { ctx });
  registerSubscriptionJobs(jobs, { ctx, providers: payments });
  registerPushJobs(jobs, { ctx, provider: deps.push ?? inboxPushProvider });
  registerPlanningJobs(jobs, { ctx });
  registerNotificationJobs(jobs, { ctx, endpoints: channelEndpoints });
  registerAlertJobs(jobs, { ctx });
  registerAuthJobs(jobs, { ctx });
  registerCustomerAppJobs(jobs, { ctx, endpoints: channelEndpoints });
  registerDeviceCommandJobs(jobs, { ctx, gateway });
  registerMicromarketJobs(jobs, {
    ctx,
    presence: gateway,
    ...(deps.telemetryRetentionDays ? { telemetryRetentionDays: deps.telemetryRetentionDays } : {}),
  });
  await app.register(deviceCommandRoutes, { ctx, gateway });
  await app.register(openLinkRoutes, { ctx, delivery: gateway, rateSharing, payments });
  await app.register(customerAppRoutes, { ctx, rateSharing, payments, delivery: gateway });
  await app.register(courierRoutes, { ctx, delivery: gateway });

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
