import type { AreaExamples } from '../endpoint.js';
import type { api } from './index.js';
import { DATASET_FILE_EXAMPLE, OK_EXAMPLE } from './shared.examples.js';

export const datasetExamples: AreaExamples<(typeof api)['dataset']> = {
  list: {
    items: [
      {
        id: 101,
        org_id: 101,
        type: 'image',
        tags: ['purchase_top'],
        url: 'https://panel.example.com/url',
        thumb_url: 'https://panel.example.com/thumb-url',
        original_name: 'Chicken sandwich',
        size: 1,
        mime_type: 'Mime type',
        created_at: '2026-12-03T09:30:00.000Z',
      },
    ],
    total: 1,
  },
  upload: DATASET_FILE_EXAMPLE,
  update: DATASET_FILE_EXAMPLE,
  delete: OK_EXAMPLE,
};
