/**
 * The notification system: channels (Telegram, Mail, WhatsApp) with sealed
 * credentials and a test send, each organisation's routing of events to channels and
 * recipients, and the outbox its jobs send with retries and a per-channel pace. Issue 24:
 * WhatsApp sends approved templates and follows each message through Meta's signed status
 * webhooks, falling back to mail when one fails; Telegram splits long texts and waits out
 * flood control; mail never goes without TLS.
 */

import type { ModuleDeps, ModuleManifest } from '../../lib/module-manifest.js';
import type { JobRunner } from '../jobs/index.js';
import type { ChannelEndpoints } from './channel-clients.js';
import { notificationChannelRoutes } from './channels.routes.js';
import { registerNotificationJobs } from './notifications-jobs.js';
import { notificationRoutingRoutes } from './routing.routes.js';

export {
  type ChannelEndpoints,
  type ChannelMessage,
  DEFAULT_CHANNEL_ENDPOINTS,
  type SendOutcome,
  sendThroughChannel,
} from './channel-clients.js';
export { CHANNEL_INTERVAL_MS, deliverNotification } from './delivery.js';
export { type OrgChannelDeps, type OrgChannelOutcome, orgMailer, sendThroughOrgChannel } from './org-mailer.js';
export {
  addDefaultRoutes,
  type Notice,
  notify,
  removeOrganisationRoutes,
  routedOrganisations,
} from './routing.service.js';
export { DEFAULT_WHATSAPP_API_VERSION } from './whatsapp-client.js';
export { recordWhatsAppSend } from './whatsapp-status.js';
export { isSignedByMeta, whatsAppWebhookPath } from './whatsapp-webhook.js';

/** `channelEndpoints`: where Telegram, WhatsApp and organisations' own servers are reached. */
export const notificationsModule: ModuleManifest<ModuleDeps & { channelEndpoints: ChannelEndpoints }, JobRunner> = {
  name: 'notifications',
  routes: async (app, { ctx, channelEndpoints }) => {
    await app.register(notificationChannelRoutes, { ctx, endpoints: channelEndpoints });
    await app.register(notificationRoutingRoutes, { ctx });
  },
  jobs: (runner, { ctx, channelEndpoints }) => registerNotificationJobs(runner, { ctx, endpoints: channelEndpoints }),
};
