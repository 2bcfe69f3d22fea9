import {
  ZCreateUser,
  ZCreateUserResponse,
  ZIdParam,
  ZListUsersQuery,
  ZUpdateUser,
  ZUser,
  ZUserList,
  ZUserLookupParam,
  ZUserReportQuery,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import * as users from './users.service.js';

const tags = ['users'];
const view = ['show_users_page'] as const;
const edit = ['edit_users'] as const;

export async function userRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/user/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Users of the visible organisations',
        querystring: ZListUsersQuery,
        response: { 200: ZUserList, ...errorResponses },
      },
    },
    (request) => users.listUsers(ctx, actorOf(request), request.query),
  );

  app.get(
    '/v1/user/report',
    {
      config: { permissions: ['export_users'] },
      schema: {
        tags,
        summary: 'The user list with the same filters, as CSV',
        querystring: ZUserReportQuery,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const csv = await users.userReport(ctx, actorOf(request), request.query);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${date}.csv"`)
        .serializer((payload: string) => payload)
        .send(csv);
    },
  );

  app.post(
    '/v1/user/create',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Create a user; without a password the user is invited by email',
        body: ZCreateUser,
        response: { 200: ZCreateUserResponse, ...errorResponses },
      },
    },
    (request) => users.createUser(ctx, actorOf(request), request.body),
  );

  app.get(
    '/v1/user/info/:id',
    { config: { permissions: view }, schema: { tags, params: ZIdParam, response: { 200: ZUser, ...errorResponses } } },
    (request) => users.getUser(ctx, actorOf(request), request.params.id),
  );

  app.get(
    '/v1/user/info/by/:value',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Find a user by email or phone',
        params: ZUserLookupParam,
        response: { 200: ZUser, ...errorResponses },
      },
    },
    (request) => users.findUserBy(ctx, actorOf(request), request.params.value),
  );

  app.post(
    '/v1/user/update/:id',
    {
      config: { permissions: edit },
      schema: { tags, params: ZIdParam, body: ZUpdateUser, response: { 200: ZUser, ...errorResponses } },
    },
    (request) => users.updateUser(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/user/invite/:id',
    {
      config: { permissions: edit },
      schema: {
        tags,
        summary: 'Mail a fresh registration link to a user who has not registered',
        params: ZIdParam,
        response: { 200: z.object({ invitation_link: z.string() }), ...errorResponses },
      },
    },
    (request) => users.resendInvitation(ctx, actorOf(request), request.params.id),
  );
}
