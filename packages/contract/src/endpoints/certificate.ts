import { defineEndpoint } from '../endpoint.js';
import {
  ZCertificate,
  ZCertificateList,
  ZCertificateSlugParam,
  ZListCertificatesQuery,
  ZPublicCertificate,
  ZUpdateCertificate,
} from '../resources/certificate.js';
import { ZIdParam, ZOk } from '../resources/common.js';

const tag = 'certificates';
const permissions = ['show_certificates_page'] as const;

/** §2 `/certificate/list` and the public page customers read a certificate on. */
export const certificateApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/certificate/list',
    summary: 'Product certificates of the visible organisations',
    tag,
    permissions,
    query: ZListCertificatesQuery,
    response: ZCertificateList,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/certificate/create',
    tag,
    summary:
      'A certificate: multipart `file` (PDF, JPEG, PNG or WebP under 2 MB) with title, region, active_to, slug, org_id',
    permissions,
    isUpload: true,
    response: ZCertificate,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/certificate/update/:id',
    summary: "Change a certificate's details",
    tag,
    permissions,
    params: ZIdParam,
    body: ZUpdateCertificate,
    response: ZCertificate,
    errors: [409],
  }),
  replaceFile: defineEndpoint({
    method: 'POST',
    path: '/v1/certificate/file/:id',
    tag,
    summary: 'Replace the certificate’s file: multipart `file`',
    permissions,
    params: ZIdParam,
    isUpload: true,
    response: ZCertificate,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/certificate/delete/:id',
    summary: 'Delete a certificate',
    tag,
    permissions,
    params: ZIdParam,
    response: ZOk,
  }),
  publicCertificate: defineEndpoint({
    method: 'GET',
    path: '/v1/notauth/certificate/:slug',
    tag,
    summary: 'An active certificate by its slug; 404 once expired or for any other slug',
    isPublic: true,
    params: ZCertificateSlugParam,
    response: ZPublicCertificate,
  }),
};
