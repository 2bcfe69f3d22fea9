import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.js';
import { isStorageKey } from '../../lib/storage.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  json: 'application/json',
};

/**
 * Uploaded files by their random key. Public like any CDN URL: the key is the secret,
 * so `<img src>` works without a bearer token (see docs/decisions/012-catalogue.md).
 */
export async function fileRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  app.get('/files/*', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const key = z.object({ '*': z.string() }).parse(request.params)['*'];
    const bytes = isStorageKey(key) ? await ctx.storage.get(key) : null;
    if (!bytes) return reply.status(404).send({ message: 'Not found' });
    const type = CONTENT_TYPES[key.split('.').pop() ?? ''];
    // Pictures and videos show inline; anything else (a PDF too: the sandboxing CSP leaves a
    // browser's PDF viewer blank; a dataset session's JSON) is downloaded.
    return reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('content-disposition', type?.startsWith('image/') || type?.startsWith('video/') ? 'inline' : 'attachment')
      .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
