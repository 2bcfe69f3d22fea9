import { defineEndpoint } from '../endpoint.js';
import { ZFileDownload, ZIdParam, ZOk } from '../resources/common.js';
import {
  ZCreateReportSubscription,
  ZDashboardSales,
  ZReportSubscription,
  ZReportSubscriptionList,
  ZSalesReport,
  ZSalesReportExportQuery,
  ZSalesReportQuery,
  ZUpdateReportSubscription,
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
    summary: 'Cash received and items sold per currency: today, 7 and 30 days, per day, and the trends',
    permissions: ['show_dashboard_page'],
    response: ZDashboardSales,
  }),
  /** The caller's own scheduled reports; another user's answer 404. */
  subscriptions: defineEndpoint({
    method: 'GET',
    path: '/v1/report/subscription/list',
    tag,
    summary: 'The caller’s scheduled reports by mail',
    permissions: view,
    response: ZReportSubscriptionList,
  }),
  createSubscription: defineEndpoint({
    method: 'POST',
    path: '/v1/report/subscription/create',
    tag,
    summary: 'Schedule a sales report by mail, daily or weekly, for the caller',
    permissions: view,
    body: ZCreateReportSubscription,
    response: ZReportSubscription,
    errors: [404, 409],
  }),
  updateSubscription: defineEndpoint({
    method: 'POST',
    path: '/v1/report/subscription/update/:id',
    tag,
    summary: 'Change or pause one of the caller’s scheduled reports',
    permissions: view,
    params: ZIdParam,
    body: ZUpdateReportSubscription,
    response: ZReportSubscription,
  }),
  deleteSubscription: defineEndpoint({
    method: 'POST',
    path: '/v1/report/subscription/delete/:id',
    tag,
    summary: 'Stop one of the caller’s scheduled reports',
    permissions: view,
    params: ZIdParam,
    response: ZOk,
  }),
};
