/** The notification system (issue 11): channels (Telegram, Mail, WhatsApp) with sealed credentials and a test send. */
export { type ChannelEndpoints, DEFAULT_CHANNEL_ENDPOINTS, sendThroughChannel } from './channel-clients.js';
export { notificationChannelRoutes } from './channels.routes.js';
