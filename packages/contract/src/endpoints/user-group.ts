import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  USER_GROUP_IMPORT_MAX_CHARS,
  ZCreateUserGroup,
  ZImportUserGroupPhones,
  ZListUserGroupMembersQuery,
  ZListUserGroupsQuery,
  ZRemoveUserGroupPhone,
  ZUpdateUserGroup,
  ZUserGroup,
  ZUserGroupImportReport,
  ZUserGroupList,
  ZUserGroupMemberList,
} from '../resources/user-group.js';

const tag = 'user groups';
const view = ['show_users_groups_page'] as const;
const edit = ['edit_users'] as const;

/** §2 `/user/group`: groups of phone numbers that resolve to customers (for push messages and promotions). */
export const userGroupApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/user/group/list',
    summary: 'Customer groups of the visible organisations',
    tag,
    permissions: view,
    query: ZListUserGroupsQuery,
    response: ZUserGroupList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/user/group/info/:id',
    summary: 'A customer group with its phone numbers',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZUserGroup,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/user/group/create',
    summary: 'Create a customer group',
    tag,
    permissions: edit,
    body: ZCreateUserGroup,
    response: ZUserGroup,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/user/group/update/:id',
    summary: 'Change a customer group',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateUserGroup,
    response: ZUserGroup,
    errors: [409],
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/user/group/delete/:id',
    tag,
    summary: 'Delete a group that no active promotion reaches (409 otherwise)',
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/v1/user/group/members/:id',
    tag,
    summary: 'The group’s phones with the customer each belongs to, if any',
    permissions: view,
    params: ZIdParam,
    query: ZListUserGroupMembersQuery,
    response: ZUserGroupMemberList,
  }),
  importPhones: defineEndpoint({
    method: 'POST',
    path: '/v1/user/group/import/:id',
    tag,
    summary: 'Add phones pasted or read from a CSV: normalised, duplicates, invalid and unknown numbers reported',
    permissions: edit,
    params: ZIdParam,
    body: ZImportUserGroupPhones,
    bodyLimit: USER_GROUP_IMPORT_MAX_CHARS * 2,
    response: ZUserGroupImportReport,
  }),
  removePhone: defineEndpoint({
    method: 'POST',
    path: '/v1/user/group/phone/delete/:id',
    summary: 'Remove a phone number from a customer group',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZRemoveUserGroupPhone,
    response: ZUserGroup,
  }),
};
