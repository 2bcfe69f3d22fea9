import { useMutation } from '@tanstack/react-query';
import { api, type EndpointQuery } from '@vitrina/contract';
import { sendEndpoint } from '../../../lib/api-client';

/** The report needs the auth header, so it is fetched as a blob and saved from memory. */
export async function exportUsers(query: EndpointQuery<typeof api.user.report>): Promise<void> {
  const response = await sendEndpoint(api.user.report, { query });
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `users-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
