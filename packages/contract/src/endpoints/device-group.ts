import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  ZCreateDeviceGroup,
  ZDeviceGroup,
  ZDeviceGroupList,
  ZListDeviceGroupsQuery,
  ZRouteCourierOptions,
  ZRouteCouriersQuery,
  ZUpdateDeviceGroup,
} from '../resources/device-group.js';

const tag = 'device-groups';
const view = ['device_group_list'] as const;
const edit = ['edit_devices'] as const;

export const deviceGroupApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/device-group/list',
    tag,
    summary: 'Device groups of the visible organisations',
    permissions: view,
    query: ZListDeviceGroupsQuery,
    response: ZDeviceGroupList,
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/device-group/info/:id',
    summary: 'A micromarket group with its members',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZDeviceGroup,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/device-group/create',
    tag,
    summary: 'Create a device group in org_id, or in the caller’s organisation',
    permissions: edit,
    body: ZCreateDeviceGroup,
    response: ZDeviceGroup,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/device-group/update/:id',
    summary: 'Rename a micromarket group or change its members',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateDeviceGroup,
    response: ZDeviceGroup,
    errors: [409],
  }),
  couriers: defineEndpoint({
    method: 'GET',
    path: '/v1/device-group/couriers',
    tag,
    summary: 'Couriers of the organisation (org_id, or the caller’s) a group can be a route for',
    permissions: edit,
    query: ZRouteCouriersQuery,
    response: ZRouteCourierOptions,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/device-group/delete/:id',
    summary: 'Delete a micromarket group',
    tag,
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
  }),
};
