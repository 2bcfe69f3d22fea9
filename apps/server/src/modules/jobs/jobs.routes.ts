import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import * as jobs from './jobs-admin.service.js';

export async function jobRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.jobs.list, ({ query }) => jobs.listJobs(ctx, query));
  registerEndpoint(app, api.jobs.retry, ({ actor, params }) => jobs.retryJob(ctx, actor, params.id));
}
