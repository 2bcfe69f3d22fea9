import { api } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { readUpload } from '../../plugins/multipart.js';
import * as certs from './certificates.service.js';

export async function certificateRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const read = (request: Parameters<typeof readUpload>[0]) =>
    readUpload(request, {
      accept: certs.CERTIFICATE_FILE_TYPES,
      tooLarge: 'upload.document_too_large',
      wrongType: 'upload.not_document',
    });
  registerEndpoint(app, api.certificate.list, ({ actor, query }) => certs.listCertificates(ctx, actor, query));
  registerEndpoint(app, api.certificate.create, async ({ actor, request }) =>
    certs.createCertificate(ctx, actor, await read(request)),
  );
  registerEndpoint(app, api.certificate.update, ({ actor, params, body }) =>
    certs.updateCertificate(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.certificate.replaceFile, async ({ actor, params, request }) =>
    certs.replaceFile(ctx, actor, params.id, await read(request)),
  );
  registerEndpoint(app, api.certificate.delete, async ({ actor, params }) => {
    await certs.deleteCertificate(ctx, actor, params.id);
    return { ok: true as const };
  });
  registerEndpoint(app, api.certificate.publicCertificate, ({ params }) => certs.publicCertificate(ctx, params.slug));
}
