import { api } from '@vitrina/contract';
import { useEndpoint } from '../endpoint-query';

/** The organisations the caller can see, for pickers, filters and the organisation column. */
export const useOrganizationOptions = () => useEndpoint(api.organization.options, undefined);
