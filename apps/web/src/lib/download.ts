import type { Endpoint, EndpointInput } from '@vitrina/contract';
import { type CallArgs, sendEndpoint } from './api-client';

/**
 * Downloads a file endpoint's answer (CSV, XLSX, PDF). The call needs the auth header, so
 * the file is fetched as a blob and saved from memory under the name the server gave.
 */
export async function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  fallbackName: string,
): Promise<void> {
  const response = await sendEndpoint(endpoint, ...([input] as CallArgs<E>));
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : (/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
