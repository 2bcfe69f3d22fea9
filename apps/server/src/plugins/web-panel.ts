import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { translate } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localeOf } from './error-handler.js';

/**
 * The built panel (Vite's dist/) on the same origin as the API. Every GET that is neither
 * an API call nor a file is a client-side route, answered with index.html; an unknown API
 * path answers the usual 404.
 */
export const webPanelPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const hasWeb = fs.existsSync(path.join(options.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those files never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/v1/')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: translate('errors.not_found', localeOf(request)) });
  });
});
