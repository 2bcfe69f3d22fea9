import { api, type SupportKind, type SupportStatus, type TicketPriority } from '@vitrina/contract';

/** The endpoints of a kind: chats under `/v1/support`, tickets under `/v1/ticket`. */
export const threadApi = (kind: SupportKind) => (kind === 'chat' ? api.support : api.ticket);

/** The live topic each kind's changes arrive on. */
export const topicOf = (kind: SupportKind): 'support' | 'ticket' => (kind === 'chat' ? 'support' : 'ticket');

export const STATUS_COLORS: Record<SupportStatus, string> = {
  new: 'blue',
  in_work: 'gold',
  resolved: 'green',
  cancelled: 'default',
  rejected: 'red',
};

export const PRIORITY_COLORS: Record<TicketPriority, string | undefined> = {
  low: undefined,
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};
