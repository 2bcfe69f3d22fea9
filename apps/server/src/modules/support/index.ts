/** Support chats and tickets: lists, comments, attachments, moves, live. */

import type { ModuleManifest } from '../../lib/module-manifest.js';
import { supportRoutes } from './support.routes.js';

export {
  commentCustomerChat,
  createCustomerChat,
  getCustomerChat,
  listCustomerChats,
} from './customer-chats.service.js';
export { countUnreadThreads } from './support-reads.js';

export const supportModule: ModuleManifest = {
  name: 'support',
  routes: (app, { ctx }) => app.register(supportRoutes, { ctx }),
};
