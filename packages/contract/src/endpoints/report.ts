import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload } from '../resources/common.js';
import {
  ZDashboardSales,
  ZSalesReport,
  ZSalesReportExportQuery,
  ZSalesReportQuery,
  ZWriteOffReport,
  ZWriteOffReportQuery,
} from '../resources/report.js';

const tag = 'report';
const view = ['show_report_page'] as const;

export const reportApi = {
  sales: defineEndpoint({
    method: 'GET',
    path: '/v1/report/sales',
    tag,
    summary: 'Sales of a period grouped by day, micromarket, product, category, payment type or organisation',
    permissions: view,
    query: ZSalesReportQuery,
    response: ZSalesReport,
  }),
  salesExport: defineEndpoint({
    method: 'GET',
    path: '/v1/report/sales/export',
    tag,
    summary: 'The same sales report as CSV or XLSX',
    permissions: view,
    query: ZSalesReportExportQuery,
    response: ZFileDownload,
    format: 'file',
  }),
  writeOffs: defineEndpoint({
    method: 'GET',
    path: '/v1/report/write-offs',
    tag,
    summary: 'Tags written off per day, micromarket and product, with their base cost',
    permissions: view,
    query: ZWriteOffReportQuery,
    response: ZWriteOffReport,
  }),
  dashboardSales: defineEndpoint({
    method: 'GET',
    path: '/v1/dashboard/sales',
    tag: 'dashboard',
    summary: 'Cash received and items sold: today, 7 and 30 days, per day',
    permissions: ['show_dashboard_page'],
    response: ZDashboardSales,
  }),
};
