import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../app.js';

export async function micromarketRoutes(_app: FastifyInstance, _options: { ctx: ServiceContext }) {}
