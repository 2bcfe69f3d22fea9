import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the support feature: `/support/list` (chats) and `/ticket/list` (tickets). */
export const SupportListScreen = lazyScreen(() => import('./screens/support-list'), ['support']);
export const TicketListScreen = lazyScreen(() => import('./screens/ticket-list'), ['support']);
