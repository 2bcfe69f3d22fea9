import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import { DATASET_FILE_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

export const datasetExamples: AreaExamples<(typeof api)['dataset']> = {
  list: {
    items: [DATASET_FILE_EXAMPLE],
    total: 1,
  },
  upload: DATASET_FILE_EXAMPLE,
  update: DATASET_FILE_EXAMPLE,
  delete: OK_EXAMPLE,
};
