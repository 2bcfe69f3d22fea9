import { defineEndpoint } from '../endpoint.js';
import { ZErrorAnalytics, ZErrorAnalyticsQuery, ZErrorRowList, ZErrorRowsQuery } from '../resources/error-analytics.js';

const tag = 'error analytics';
const permissions = ['show_error_analytics_page'] as const;

/** §2 `/error/analytics`: what went wrong across the fleet and sales, with the rows behind each number. */
export const errorAnalyticsApi = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/v1/error/analytics',
    tag,
    summary:
      'Payment rejections by §8 reason, failed payments by provider error, failed or expired commands and device alerts, by day, micromarket and organisation',
    permissions,
    query: ZErrorAnalyticsQuery,
    response: ZErrorAnalytics,
  }),
  rows: defineEndpoint({
    method: 'GET',
    path: '/v1/error/analytics/rows',
    tag,
    summary: 'The rows behind one number, newest first',
    permissions,
    query: ZErrorRowsQuery,
    response: ZErrorRowList,
  }),
};
