import { defineEndpoint } from '../endpoint.js';
import { ZDashboardSummary } from '../resources/dashboard.js';

export const dashboardApi = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/v1/dashboard/summary',
    tag: 'dashboard',
    summary: 'Counters of the dashboard',
    permissions: ['show_dashboard_page'],
    response: ZDashboardSummary,
  }),
};
