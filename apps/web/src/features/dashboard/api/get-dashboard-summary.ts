import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardSummary } from '@vitrina/contract';
import { apiGet } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export const getDashboardSummary = (signal?: AbortSignal) =>
  apiGet<TDashboardSummary>('/v1/dashboard/summary', { signal });

export const dashboardSummaryQuery = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: ({ signal }) => getDashboardSummary(signal) });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQuery());
}
