import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParam } from '../resources/common.js';
import {
  ZCreateUser,
  ZCreateUserResponse,
  ZListUsersQuery,
  ZUpdateUser,
  ZUser,
  ZUserList,
  ZUserLookupParam,
  ZUserReportQuery,
} from '../resources/user.js';

const tag = 'users';
const view = ['show_users_page'] as const;
const edit = ['edit_users'] as const;

export const userApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/user/list',
    tag,
    summary: 'Users of the visible organisations',
    permissions: view,
    query: ZListUsersQuery,
    response: ZUserList,
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/v1/user/report',
    tag,
    summary: 'The user list with the same filters, as CSV',
    permissions: ['export_users'],
    query: ZUserReportQuery,
    response: z.string(),
    format: 'csv',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/user/create',
    tag,
    summary: 'Create a user; without a password the user is invited by email',
    permissions: edit,
    body: ZCreateUser,
    response: ZCreateUserResponse,
    errors: [404, 409],
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/user/info/:id',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZUser,
  }),
  infoBy: defineEndpoint({
    method: 'GET',
    path: '/v1/user/info/by/:value',
    tag,
    summary: 'Find a user by email or phone',
    permissions: view,
    params: ZUserLookupParam,
    response: ZUser,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/user/update/:id',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateUser,
    response: ZUser,
    errors: [409],
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/v1/user/invite/:id',
    tag,
    summary: 'Mail a fresh registration link to a user who has not registered',
    permissions: edit,
    params: ZIdParam,
    response: z.object({ invitation_link: z.string() }),
    errors: [409],
  }),
};
