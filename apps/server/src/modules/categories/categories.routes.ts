import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../app.js';

export async function categoryRoutes(_app: FastifyInstance, _options: { ctx: ServiceContext }) {}
