import { useMutation } from '@tanstack/react-query';
import { api, type EndpointQuery } from '@vitrina/contract';
import { downloadEndpoint } from '../../../lib/download';

export function exportUsers(query: EndpointQuery<typeof api.user.report>): Promise<void> {
  return downloadEndpoint(api.user.report, { query }, `users-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
