import { api, IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../lib/context.js';
import { registerEndpoint } from '../../plugins/endpoints.js';
import { readUpload } from '../../plugins/multipart.js';
import * as dataset from './dataset.service.js';

export async function datasetRoutes(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  registerEndpoint(app, api.dataset.list, ({ actor, query }) => dataset.listDatasetFiles(ctx, actor, query));

  registerEndpoint(app, api.dataset.upload, async ({ actor, request }) => {
    const upload = await readUpload(request, {
      accept: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES],
      tooLarge: 'upload.file_too_large',
      wrongType: 'upload.not_dataset_file',
    });
    return dataset.uploadDatasetFile(ctx, actor, upload);
  });

  registerEndpoint(app, api.dataset.update, ({ actor, params, body }) =>
    dataset.updateDatasetFile(ctx, actor, params.id, body),
  );
  registerEndpoint(app, api.dataset.delete, ({ actor, params }) => dataset.deleteDatasetFile(ctx, actor, params.id));
}
