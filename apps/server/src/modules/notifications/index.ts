/**
 * The notification system (issue 11): channels (Telegram, Mail, WhatsApp) with sealed
 * credentials and a test send, each organisation's routing of events to channels and
 * recipients, and the outbox its jobs send with retries and a per-channel pace.
 */
export { type ChannelEndpoints, DEFAULT_CHANNEL_ENDPOINTS, sendThroughChannel } from './channel-clients.js';
export { notificationChannelRoutes } from './channels.routes.js';
export { CHANNEL_INTERVAL_MS, deliverNotification, registerNotificationJobs } from './delivery.js';
export { type OrgChannelDeps, orgMailer, sendThroughOrgChannel } from './org-mailer.js';
export { notificationRoutingRoutes } from './routing.routes.js';
export { type Notice, notify, routedOrganisations } from './routing.service.js';
