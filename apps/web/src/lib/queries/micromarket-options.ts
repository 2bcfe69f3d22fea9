import { api } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

/** The micromarkets of the visible organisations, for pickers and filters. */
export const useMicromarketOptions = () => useEndpoint(api.micromarket.options, undefined);
