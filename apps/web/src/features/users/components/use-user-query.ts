import { USER_SORTS } from '@vitrina/contract';
import { readEnum, readFlag, readNumber, readPaging, readText, useUrlQuery } from '../../../lib/url-query';
import type { TUsersQuery } from '../api/list-users';

export type UserSort = (typeof USER_SORTS)[number];
const FILTERS = ['q', 'role_id', 'org_id', 'user_type', 'active'] as const;

const parse = (params: URLSearchParams): TUsersQuery => {
  const userType = readNumber(params, 'user_type');
  return {
    ...readPaging(params),
    sort: readEnum(params, 'sort', USER_SORTS),
    q: readText(params, 'q'),
    role_id: readNumber(params, 'role_id'),
    org_id: readNumber(params, 'org_id'),
    user_type: userType === 1 || userType === 2 ? userType : undefined,
    active: readFlag(params, 'active'),
  };
};

export const useUserQuery = () => useUrlQuery({ parse, filters: FILTERS });
