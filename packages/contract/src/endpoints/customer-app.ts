import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZCreateCustomerChat,
  ZCustomerChatCard,
  ZCustomerChatList,
  ZCustomerChatQuery,
  ZCustomerProfile,
  ZCustomerSession,
  ZCustomerSignIn,
  ZInbox,
  ZInboxMessage,
  ZInboxQuery,
  ZRegisterPushDevice,
  ZRequestSignInCode,
  ZSignInCodeSent,
} from '../resources/customer-app.js';
import { ZSupportCommentBody } from '../resources/support.js';

const tag = 'customer app';
const audience = 'customer' as const;

/** The customer app's API: sign-in by a one-time code, the push inbox, push registration, support chats. */
export const customerAppApi = {
  requestCode: defineEndpoint({
    method: 'POST',
    path: '/v1/app/sign-in/code',
    tag,
    summary: 'Send a one-time sign-in code to a customer’s phone (or email); the answer is the same for any phone',
    isPublic: true,
    body: ZRequestSignInCode,
    response: ZSignInCodeSent,
    errors: [429],
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/v1/app/sign-in',
    tag,
    summary: 'Exchange the code for a customer session',
    isPublic: true,
    body: ZCustomerSignIn,
    response: ZCustomerSession,
    errors: [401, 429],
  }),
  signOut: defineEndpoint({ method: 'POST', path: '/v1/app/sign-out', tag, audience, response: ZOk }),
  me: defineEndpoint({ method: 'GET', path: '/v1/app/me', tag, audience, response: ZCustomerProfile }),
  inbox: defineEndpoint({
    method: 'GET',
    path: '/v1/app/push/inbox',
    tag,
    summary: 'The customer’s push messages, newest first, with the number unread',
    audience,
    query: ZInboxQuery,
    response: ZInbox,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/v1/app/push/read/:id',
    tag,
    audience,
    params: ZIdParam,
    response: ZInboxMessage,
  }),
  registerDevice: defineEndpoint({
    method: 'POST',
    path: '/v1/app/push/device',
    tag,
    summary: 'Register this installation’s push token for the signed-in customer',
    audience,
    body: ZRegisterPushDevice,
    response: ZOk,
  }),
  chats: defineEndpoint({
    method: 'GET',
    path: '/v1/app/support/list',
    tag,
    summary: 'The customer’s conversations with support: current, or the archive',
    audience,
    query: ZCustomerChatQuery,
    response: ZCustomerChatList,
  }),
  chat: defineEndpoint({
    method: 'GET',
    path: '/v1/app/support/info/:id',
    tag,
    audience,
    params: ZIdParam,
    response: ZCustomerChatCard,
  }),
  createChat: defineEndpoint({
    method: 'POST',
    path: '/v1/app/support/create',
    tag,
    summary: 'Start a conversation with support, about a micromarket or one of the customer’s purchases',
    audience,
    body: ZCreateCustomerChat,
    response: ZCustomerChatCard,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/v1/app/support/comment/:id',
    tag,
    audience,
    params: ZIdParam,
    body: ZSupportCommentBody,
    response: ZCustomerChatCard,
    errors: [409],
  }),
};
