import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZCertificate } from '../resources/certificate.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const CERTIFICATE_EXAMPLE: z.input<typeof ZCertificate> = {
  id: 101,
  org_id: 101,
  title: 'Fresh lunch is in',
  region: 'all',
  active_to: '2027-12-31',
  slug: 'kyiv-office',
  file_url: 'https://panel.example.com/file-url',
  file_type: 'image/jpeg',
  file_name: 'shelf-1.jpg',
  is_expired: false,
  created_at: '2026-12-03T09:30:00.000Z',
};

export const certificateExamples: AreaExamples<(typeof api)['certificate']> = {
  list: {
    items: [CERTIFICATE_EXAMPLE],
    total: 1,
  },
  create: CERTIFICATE_EXAMPLE,
  update: CERTIFICATE_EXAMPLE,
  replaceFile: CERTIFICATE_EXAMPLE,
  delete: OK_EXAMPLE,
  publicCertificate: {
    title: 'Fresh lunch is in',
    region: 'all',
    active_to: '2027-12-31',
    file_url: 'https://panel.example.com/file-url',
    file_type: 'image/jpeg',
    file_name: 'shelf-1.jpg',
  },
};
