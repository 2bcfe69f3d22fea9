import { api } from '@vitrina/contract';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useLiveRefetch } from '../../../lib/live';

/** The sale of the route's `:id`, refetched when the sales module announces a change to it. */
export function useSale() {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const sale = useEndpoint(api.transaction.info, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  useLiveRefetch('transaction', [api.transaction.info.tag], (event) => event.id === id);
  const isMissing = id === undefined || (isApiError(sale.error) && sale.error.status === 404);
  return { id, sale, isMissing };
}
