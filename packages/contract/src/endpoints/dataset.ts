import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import { ZDatasetFile, ZDatasetList, ZListDatasetQuery, ZUpdateDatasetFile } from '../resources/dataset.js';

const tag = 'dataset';
const view = ['show_dataset_page'] as const;
const manage = ['manage_dataset'] as const;

export const datasetApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/dataset/list',
    tag,
    summary: 'Training dataset files of the visible organisations, newest first',
    permissions: view,
    query: ZListDatasetQuery,
    response: ZDatasetList,
  }),
  /** The text fields beside the file are ZDatasetUploadFields; the service parses them. */
  upload: defineEndpoint({
    method: 'POST',
    path: '/v1/dataset/upload',
    tag,
    summary: 'Upload an image or MP4 video under 2 MB (multipart: file, tags comma-separated, org_id)',
    permissions: manage,
    isUpload: true,
    response: ZDatasetFile,
    errors: [404, 429],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/dataset/update/:id',
    tag,
    summary: 'Replace the tags of a dataset file',
    permissions: manage,
    params: ZIdParam,
    body: ZUpdateDatasetFile,
    response: ZDatasetFile,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/dataset/delete/:id',
    tag,
    summary: 'Delete a dataset file and its stored files',
    permissions: manage,
    params: ZIdParam,
    response: ZOk,
  }),
};
