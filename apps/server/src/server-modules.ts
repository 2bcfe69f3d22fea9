import type { TMapTiles } from '@vitrina/contract';
import type { Database } from './db/client.js';
import type { Gateway } from './gateway/index.js';
import type { ServiceContext } from './lib/context.js';
import type { ModuleManifest } from './lib/module-manifest.js';
import type { RateSharing } from './lib/rate-sharing.js';
import { accountingModule } from './modules/accounting/index.js';
import { alertsModule } from './modules/alerts/index.js';
import { authModule } from './modules/auth/index.js';
import { categoriesModule } from './modules/categories/index.js';
import { certificatesModule } from './modules/certificates/index.js';
import { courierModule } from './modules/courier/index.js';
import { customerAppModule } from './modules/customer-app/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { datasetModule } from './modules/dataset/index.js';
import { deviceCommandsModule } from './modules/device-commands/index.js';
import { deviceGroupsModule } from './modules/device-groups/index.js';
import { errorAnalyticsModule } from './modules/error-analytics/index.js';
import { filesModule } from './modules/files/index.js';
import { type FiscalProviders, fiscalModule } from './modules/fiscal/index.js';
import { type JobRunner, jobsModule } from './modules/jobs/index.js';
import { type LiveBus, liveModule } from './modules/live/index.js';
import { makersModule } from './modules/makers/index.js';
import { micromarketsModule, type TelemetryRetention } from './modules/micromarkets/index.js';
import { type ChannelEndpoints, notificationsModule } from './modules/notifications/index.js';
import { openLinksModule } from './modules/open-links/index.js';
import { ordersModule } from './modules/orders/index.js';
import { organizationsModule } from './modules/organizations/index.js';
import { type PaymentProviders, paymentsModule } from './modules/payments/index.js';
import { planningModule } from './modules/planning/index.js';
import { planogramsModule } from './modules/planograms/index.js';
import { productsModule } from './modules/products/index.js';
import { promotionsModule } from './modules/promotions/index.js';
import { type PushProvider, pushModule } from './modules/push/index.js';
import { receiptsModule } from './modules/receipts/index.js';
import { reportsModule } from './modules/reports/index.js';
import { rolesModule } from './modules/roles/index.js';
import { type SettleNow, salesModule } from './modules/sales/index.js';
import { subscriptionsModule } from './modules/subscriptions/index.js';
import { supportModule } from './modules/support/index.js';
import { systemModule } from './modules/system/index.js';
import { tagsModule } from './modules/tags/index.js';
import { transactionsModule } from './modules/transactions/index.js';
import { userGroupsModule } from './modules/user-groups/index.js';
import { usersModule } from './modules/users/index.js';

/** What app.ts hands every module (one object); each module's manifest names the part it takes. */
export type ServerModuleDeps = {
  ctx: ServiceContext;
  database: Database;
  rateSharing: RateSharing;
  live: LiveBus;
  liveHeartbeatMs: number | undefined;
  payments: PaymentProviders;
  deliverTestWebhooks: () => Promise<unknown>;
  fiscal: FiscalProviders;
  /** A sale's hold and settlement run at once on this instance's job runner (saleStepsOn); `idle` on close. */
  saleSteps: SettleNow & { idle(): Promise<void> };
  channelEndpoints: ChannelEndpoints;
  mapTiles: TMapTiles;
  push: PushProvider | undefined;
  /**
   * The device gateway, null without MQTT: the device commands' routes and job and the micromarkets' presence job use it,
   * and open links, the customer app and couriers send door commands through it at once.
   */
  gateway: Gateway | null;
  telemetryRetention: TelemetryRetention | undefined;
};

/**
 * The server's modules, which app.ts installs in this order (lib/module-manifest.ts). The order
 * is a rule where it shows:
 * - a sale event's subscribers run in list order, in the sale's database transaction: on
 *   `paid`, promotions (the bonuses) before fiscal (the receipt) before reports (the rollup);
 *   on `refunded`, fiscal (the return receipts) before reports; on `settled`, reports alone;
 *   on `refundReversed`, fiscal alone (the correction of a return receipt);
 * - job kinds are registered, and recurring ones first queued, in list order: payments,
 *   planograms, fiscal, sales, open links, reports, subscriptions, push, planning,
 *   notifications, alerts, auth, the customer app, device commands, micromarkets (presence, telemetry)
 *   (job-registry.test.ts lists them).
 * The modules with neither come first; the order of routes only orders the OpenAPI document.
 */
export const SERVER_MODULES: readonly ModuleManifest<ServerModuleDeps, JobRunner>[] = [
  systemModule,
  usersModule,
  rolesModule,
  organizationsModule,
  certificatesModule,
  userGroupsModule,
  supportModule,
  errorAnalyticsModule,
  receiptsModule,
  transactionsModule,
  ordersModule,
  accountingModule,
  dashboardModule,
  filesModule,
  deviceGroupsModule,
  categoriesModule,
  makersModule,
  productsModule,
  tagsModule,
  datasetModule,
  jobsModule,
  liveModule,
  courierModule,
  // From here the order is the rule above.
  promotionsModule,
  paymentsModule,
  planogramsModule,
  fiscalModule,
  salesModule,
  openLinksModule,
  reportsModule,
  subscriptionsModule,
  pushModule,
  planningModule,
  notificationsModule,
  alertsModule,
  authModule,
  customerAppModule,
  deviceCommandsModule,
  micromarketsModule,
];
