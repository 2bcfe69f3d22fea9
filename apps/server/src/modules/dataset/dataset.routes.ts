import {
  IMAGE_MIME_TYPES,
  VIDEO_MIME_TYPES,
  ZDatasetFile,
  ZDatasetList,
  ZErrorResponse,
  ZIdParam,
  ZListDatasetQuery,
  ZOk,
  ZUpdateDatasetFile,
} from '@vitrina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../lib/context.js';
import { errorResponses } from '../../lib/responses.js';
import { actorOf } from '../../plugins/auth.js';
import { readUpload } from '../../plugins/multipart.js';
import * as dataset from './dataset.service.js';

const tags = ['dataset'];
const view = ['show_dataset_page'] as const;
const manage = ['manage_dataset'] as const;

export async function datasetRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/dataset/list',
    {
      config: { permissions: view },
      schema: {
        tags,
        summary: 'Training dataset files of the visible organisations, newest first',
        querystring: ZListDatasetQuery,
        response: { 200: ZDatasetList, ...errorResponses },
      },
    },
    (request) => dataset.listDatasetFiles(ctx, actorOf(request), request.query),
  );

  app.post(
    '/v1/dataset/upload',
    {
      config: { permissions: manage },
      schema: {
        tags,
        summary: 'Upload an image or MP4 video under 2 MB (multipart: file, tags comma-separated, org_id)',
        consumes: ['multipart/form-data'],
        response: { 200: ZDatasetFile, ...errorResponses, 413: ZErrorResponse },
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        accept: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES],
        tooLarge: 'upload.file_too_large',
        wrongType: 'upload.not_dataset_file',
      });
      return dataset.uploadDatasetFile(ctx, actorOf(request), upload);
    },
  );

  app.post(
    '/v1/dataset/update/:id',
    {
      config: { permissions: manage },
      schema: {
        tags,
        summary: 'Replace the tags of a dataset file',
        params: ZIdParam,
        body: ZUpdateDatasetFile,
        response: { 200: ZDatasetFile, ...errorResponses },
      },
    },
    (request) => dataset.updateDatasetFile(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/v1/dataset/delete/:id',
    {
      config: { permissions: manage },
      schema: {
        tags,
        summary: 'Delete a dataset file and its stored files',
        params: ZIdParam,
        response: { 200: ZOk, ...errorResponses },
      },
    },
    (request) => dataset.deleteDatasetFile(ctx, actorOf(request), request.params.id),
  );
}
