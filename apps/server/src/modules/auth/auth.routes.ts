import {
  ZErrorResponse,
  ZInvitation,
  ZLoginBody,
  ZLoginResponse,
  ZMe,
  ZOk,
  ZRegistrationBody,
  ZResetPasswordBody,
  ZResetRequestBody,
  ZResetTokenInfo,
  ZSwitchRoleBody,
  ZTokenParam,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { LoginLimiter } from '../../lib/login-limiter.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import * as auth from './auth.service.js';

const tags = ['auth'];

export async function authRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limiter = new LoginLimiter();

  app.post(
    '/v1/user/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: ZLoginBody,
        response: { 200: ZLoginResponse, 400: ZErrorResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    (request) => auth.login(ctx, limiter, request.body, anonymousOf(request)),
  );

  app.get(
    '/v1/user/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user and the permissions in force',
        response: { 200: ZMe, ...errorResponses },
      },
    },
    async (request) => auth.me(actorOf(request)),
  );

  app.post(
    '/v1/user/logout',
    { schema: { tags, summary: 'Revoke the current token', response: { 200: ZOk, ...errorResponses } } },
    async (request) => {
      await auth.logout(ctx, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/v1/user/switch-role',
    {
      schema: {
        tags,
        summary: 'Work as another role (needs switch_role); answers a token for that role',
        body: ZSwitchRoleBody,
        response: { 200: ZLoginResponse, ...errorResponses },
      },
    },
    (request) => auth.switchRole(ctx, actorOf(request), request.body.role_id),
  );

  app.post(
    '/v1/user/switch-role/back',
    { schema: { tags, summary: 'Return to the own role', response: { 200: ZLoginResponse, ...errorResponses } } },
    (request) => auth.switchBack(ctx, actorOf(request)),
  );

  app.get(
    '/v1/user/registration/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Check an invitation link',
        params: ZTokenParam,
        response: { 200: ZInvitation, 404: ZErrorResponse },
      },
    },
    (request) => auth.invitationInfo(ctx, request.params.token),
  );

  app.post(
    '/v1/user/registration',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Complete registration by invitation; signs the user in',
        body: ZRegistrationBody,
        response: { 200: ZLoginResponse, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    (request) => auth.register(ctx, request.body, anonymousOf(request)),
  );

  app.post(
    '/v1/user/new/password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Mail a password-reset link',
        body: ZResetRequestBody,
        response: { 200: ZOk, 400: ZErrorResponse },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.email, anonymousOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/v1/user/reset/password/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Check a password-reset link',
        params: ZTokenParam,
        response: { 200: ZResetTokenInfo, 404: ZErrorResponse },
      },
    },
    (request) => auth.resetTokenInfo(ctx, request.params.token),
  );

  app.post(
    '/v1/user/reset/password/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        params: ZTokenParam,
        body: ZResetPasswordBody,
        response: { 200: ZOk, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.params.token, request.body.password, anonymousOf(request));
      return { ok: true as const };
    },
  );
}
