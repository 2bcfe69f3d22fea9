import { defineEndpoint } from '../endpoint.js';
import type { Permission } from '../permissions.js';
import { ZIdParam } from '../resources/common.js';
import {
  ZCreateSupportThread,
  ZListSupportQuery,
  ZSupportCommentBody,
  ZSupportPeopleQuery,
  ZSupportPersonOptions,
  ZSupportThread,
  ZSupportThreadCard,
  ZSupportThreadList,
  ZUpdateTicket,
} from '../resources/support.js';

/**
 * The calls a support chat and a ticket share, under `/v1/<area>/`: the lists (current and
 * archive), the card with its comments, a new one, comments and attachments, the moves.
 */
function threadEndpoints<const A extends 'support' | 'ticket'>(area: A, tag: string, permission: Permission) {
  const permissions = [permission] as const;
  const move = <const M extends string>(name: M, summary: string) =>
    defineEndpoint({
      method: 'POST',
      path: `/v1/${area}/${name}/:id` as `/v1/${A}/${M}/:id`,
      tag,
      summary,
      permissions,
      params: ZIdParam,
      response: ZSupportThread,
      errors: [409],
    });
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `/v1/${area}/list` as `/v1/${A}/list`,
      tag,
      summary: 'Current (new, in work) or, with archive=true, archived conversations, newest activity first',
      permissions,
      query: ZListSupportQuery,
      response: ZSupportThreadList,
    }),
    info: defineEndpoint({
      method: 'GET',
      path: `/v1/${area}/info/:id` as `/v1/${A}/info/:id`,
      tag,
      summary: 'With its comments, oldest first, and its status history',
      permissions,
      params: ZIdParam,
      response: ZSupportThreadCard,
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `/v1/${area}/create` as `/v1/${A}/create`,
      tag,
      summary: 'Opened by staff for a customer, linked to a micromarket and a sale when there is one',
      permissions,
      body: ZCreateSupportThread,
      response: ZSupportThread,
    }),
    comment: defineEndpoint({
      method: 'POST',
      path: `/v1/${area}/comment/:id` as `/v1/${A}/comment/:id`,
      tag,
      summary: 'Add a comment to the conversation',
      permissions,
      params: ZIdParam,
      body: ZSupportCommentBody,
      response: ZSupportThreadCard,
      errors: [409],
    }),
    attach: defineEndpoint({
      method: 'POST',
      path: `/v1/${area}/attach/:id` as `/v1/${A}/attach/:id`,
      tag,
      summary: 'A comment with a file: multipart `file` (PDF, JPEG, PNG or WebP under 2 MB) and optional `text`',
      permissions,
      params: ZIdParam,
      isUpload: true,
      response: ZSupportThreadCard,
      errors: [409],
    }),
    take: move('take', 'Take into work: new → in work, assigned to the caller when nobody is'),
    return: move('return', 'Return to the queue: in work → new, unassigned'),
    resolve: move('resolve', 'Problem resolved: to the archive'),
  };
}

/** §2 `/support/list`: conversations with customers. */
export const supportApi = threadEndpoints('support', 'support chat', 'show_support_page');

const tickets = threadEndpoints('ticket', 'tickets', 'show_ticket_system_page');
const ticketPermissions = ['show_ticket_system_page'] as const;

/** §2 `/ticket/list`: tickets, with an assignee, a priority, and cancel / reject besides. */
export const ticketApi = {
  ...tickets,
  cancel: defineEndpoint({
    method: 'POST',
    path: '/v1/ticket/cancel/:id',
    tag: 'tickets',
    summary: 'Cancel: to the archive',
    permissions: ticketPermissions,
    params: ZIdParam,
    response: ZSupportThread,
    errors: [409],
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/v1/ticket/reject/:id',
    tag: 'tickets',
    summary: 'Reject: to the archive',
    permissions: ticketPermissions,
    params: ZIdParam,
    response: ZSupportThread,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/ticket/update/:id',
    tag: 'tickets',
    summary: 'Priority and assignee (a user of the organisation who works tickets, or nobody)',
    permissions: ticketPermissions,
    params: ZIdParam,
    body: ZUpdateTicket,
    response: ZSupportThread,
    errors: [409],
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: '/v1/ticket/assignees',
    tag: 'tickets',
    summary: 'Users of the organisation who work tickets',
    permissions: ticketPermissions,
    query: ZSupportPeopleQuery,
    response: ZSupportPersonOptions,
  }),
};

/** Customers a conversation or ticket can be opened for, by name, email or phone. */
export const supportPeopleApi = {
  customers: defineEndpoint({
    method: 'GET',
    path: '/v1/support/customers',
    summary: 'Customers to start a support conversation with',
    tag: 'support chat',
    permissions: ['show_support_page', 'show_ticket_system_page'],
    query: ZSupportPeopleQuery,
    response: ZSupportPersonOptions,
  }),
  micromarkets: defineEndpoint({
    method: 'GET',
    path: '/v1/support/micromarkets',
    tag: 'support chat',
    summary: 'Micromarkets of the organisation a conversation or ticket can be about, by name or address',
    permissions: ['show_support_page', 'show_ticket_system_page'],
    query: ZSupportPeopleQuery,
    response: ZSupportPersonOptions,
  }),
};
