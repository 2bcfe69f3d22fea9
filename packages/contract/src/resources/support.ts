import { z } from 'zod';
import {
  listOf,
  optionalQuery,
  requiredText,
  searchQuery,
  ZId,
  ZIdQuery,
  ZPageQuery,
  ZQueryBoolean,
  ZTimestamp,
} from './common.js';

/** §3 support chat and ticket: the same fields; tickets add an assignee, a priority, cancel and reject. */
export const SUPPORT_KINDS = ['chat', 'ticket'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
/** §4: current (new, in work) and archive (resolved, and for tickets cancelled or rejected). */
export const SUPPORT_STATUSES = ['new', 'in_work', 'resolved', 'cancelled', 'rejected'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_CURRENT_STATUSES: readonly SupportStatus[] = ['new', 'in_work'];
export const SUPPORT_ARCHIVE_STATUSES: readonly SupportStatus[] = ['resolved', 'cancelled', 'rejected'];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * §4 actions: take into work, return (to the queue), problem resolved (to the archive); for
 * tickets also cancel and reject. Each moves from the current statuses only.
 */
export const SUPPORT_MOVES = {
  take: { from: ['new'], to: 'in_work' },
  return: { from: ['in_work'], to: 'new' },
  resolve: { from: ['new', 'in_work'], to: 'resolved' },
  cancel: { from: ['new', 'in_work'], to: 'cancelled' },
  reject: { from: ['new', 'in_work'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly SupportStatus[]; to: SupportStatus }>;
export type SupportMove = keyof typeof SUPPORT_MOVES;
/** The moves of each kind: chats are never cancelled or rejected. */
export const SUPPORT_MOVES_OF: Record<SupportKind, readonly SupportMove[]> = {
  chat: ['take', 'return', 'resolve'],
  ticket: ['take', 'return', 'resolve', 'cancel', 'reject'],
};

/** A comment's attachment: under 2 MB, a picture or a PDF. */
export const ZSupportAttachment = z.object({ url: z.string(), name: z.string(), type: z.string() });

export const ZSupportComment = z.object({
  id: z.number().int(),
  /** `customer` for what the customer wrote (the customer app), `staff` for the panel's users. */
  author_kind: z.enum(['staff', 'customer']),
  author_name: z.string().nullable(),
  text: z.string(),
  attachment: ZSupportAttachment.nullable(),
  created_at: ZTimestamp,
});
export type TSupportComment = z.infer<typeof ZSupportComment>;

export const ZSupportThread = z.object({
  id: z.number().int(),
  kind: z.enum(SUPPORT_KINDS),
  org_id: z.number().int(),
  org_name: z.string(),
  title: z.string(),
  text: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  micromarket_id: z.number().int().nullable(),
  micromarket_name: z.string().nullable(),
  transaction_id: z.number().int().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  comments_count: z.number().int(),
  last_comment_at: ZTimestamp.nullable(),
  /** Milliseconds spent in each status so far (the current one up to now). */
  state_ms: z.partialRecord(z.enum(SUPPORT_STATUSES), z.number().int()),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TSupportThread = z.infer<typeof ZSupportThread>;

export const ZSupportHistoryEntry = z.object({
  status: z.enum(SUPPORT_STATUSES),
  at: ZTimestamp,
  by_name: z.string().nullable(),
});

export const ZSupportThreadCard = ZSupportThread.extend({
  comments: z.array(ZSupportComment),
  history: z.array(ZSupportHistoryEntry),
});
export type TSupportThreadCard = z.infer<typeof ZSupportThreadCard>;

export const ZCreateSupportThread = z.object({
  org_id: ZId.optional(),
  title: requiredText(200),
  text: requiredText(4000),
  customer_id: ZId.nullable().optional(),
  micromarket_id: ZId.nullable().optional(),
  transaction_id: ZId.nullable().optional(),
  /** Tickets only. */
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
  /** Tickets only: a user of the organisation who works tickets. */
  assignee_id: ZId.nullable().optional(),
});

export const ZUpdateTicket = z.object({
  priority: z.enum(TICKET_PRIORITIES).optional(),
  assignee_id: ZId.nullable().optional(),
});

export const ZSupportCommentBody = z.object({ text: requiredText(4000) });

export const ZListSupportQuery = ZPageQuery.extend({
  /** true: resolved (and cancelled, rejected); otherwise the current ones. */
  archive: ZQueryBoolean,
  q: searchQuery(),
  org_id: ZIdQuery,
  assignee_id: ZIdQuery,
  customer_id: ZIdQuery,
  priority: optionalQuery(z.enum(TICKET_PRIORITIES)),
});
export const ZSupportThreadList = listOf(ZSupportThread);
export type TSupportThreadList = z.infer<typeof ZSupportThreadList>;

/** People a ticket can be assigned to, or a conversation linked to. */
export const ZSupportPersonOptions = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), detail: z.string().nullable() })),
});
export type TSupportPersonOptions = z.infer<typeof ZSupportPersonOptions>;
export const ZSupportPeopleQuery = z.object({ org_id: ZIdQuery, q: searchQuery() });
