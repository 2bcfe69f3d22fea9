/** Support chats and tickets (issue 11, §2 `/support/list`, `/ticket/list`): lists, comments, attachments, moves, live. */

export {
  commentCustomerChat,
  createCustomerChat,
  getCustomerChat,
  listCustomerChats,
} from './customer-chats.service.js';
export { supportRoutes } from './support.routes.js';
export { countUnreadThreads } from './support-reads.js';
