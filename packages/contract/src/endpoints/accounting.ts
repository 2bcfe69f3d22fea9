import { defineEndpoint } from '../endpoint.js';
import { ZAccounting, ZAccountingQuery, ZExportAccountingQuery } from '../resources/accounting.js';
import { ZFileDownload, ZIdParam } from '../resources/common.js';

const tag = 'accounting';
const permissions = ['show_device_page'] as const;

/** The micromarket row action "accounting": its stock reconciled over a period. */
export const accountingApi = {
  reconcile: defineEndpoint({
    method: 'GET',
    path: '/v1/device/accounting/:id',
    tag,
    summary:
      'Micromarket `id`’s stock per product over [from, to] (UTC days, default the last 7): opening, loaded, sold, returned, written off, expected, counted by the last scan, missing',
    permissions,
    params: ZIdParam,
    query: ZAccountingQuery,
    response: ZAccounting,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/device/accounting/export/:id',
    tag,
    summary: 'The same reconciliation as CSV or XLSX',
    permissions,
    params: ZIdParam,
    query: ZExportAccountingQuery,
    response: ZFileDownload,
    format: 'file',
  }),
};
