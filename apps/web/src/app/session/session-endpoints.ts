import type { api } from '@vitrina/contract';
import type { EndpointAddress } from '../../lib/api-client';

/** The session gate runs on every panel page, so it names its calls by address (see EndpointAddress). */
export const ME: EndpointAddress<typeof api.auth.me> = { method: 'GET', path: '/v1/user/me', tag: 'auth' };
export const LOGOUT: EndpointAddress<typeof api.auth.logout> = { method: 'POST', path: '/v1/user/logout', tag: 'auth' };
