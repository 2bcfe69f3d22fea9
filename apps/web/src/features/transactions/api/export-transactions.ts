import { useMutation } from '@tanstack/react-query';
import { api, type EndpointQuery, type ExportFormat } from '@vitrina/contract';
import { downloadEndpoint } from '../../../lib/download';

type Filters = Omit<EndpointQuery<typeof api.transaction.export>, 'format'>;

export function exportTransactions(input: { filters: Filters; format: ExportFormat }): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  return downloadEndpoint(
    api.transaction.export,
    { query: { ...input.filters, format: input.format } },
    `transactions-${date}.${input.format}`,
  );
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
