import { defineEndpoint } from '../endpoint.js';
import { ZIdParam, ZOk } from '../resources/common.js';
import {
  FLEET_NOTICE_PERMISSIONS,
  ZFleetNoticeList,
  ZFleetNoticeQuery,
  ZPanelBadges,
} from '../resources/panel-notice.js';

const tag = 'notices';

/** The alert bell in the top bar and the menu's unread counts. */
export const noticeApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/notice/list',
    tag,
    summary: 'The alert bell: recent fleet notices of the visible organisations, newest first, with the unread count',
    permissions: FLEET_NOTICE_PERMISSIONS,
    query: ZFleetNoticeQuery,
    response: ZFleetNoticeList,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/v1/notice/read/:id',
    tag,
    summary: 'Mark one notice read for the signed-in user',
    permissions: FLEET_NOTICE_PERMISSIONS,
    params: ZIdParam,
    response: ZOk,
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/v1/notice/read-all',
    tag,
    summary: 'Mark every notice read for the signed-in user',
    permissions: FLEET_NOTICE_PERMISSIONS,
    response: ZOk,
  }),
  badges: defineEndpoint({
    method: 'GET',
    path: '/v1/notice/badges',
    tag,
    summary: 'Unread counts for the top bar and the menu: fleet notices, support chats, tickets',
    permissions: [...FLEET_NOTICE_PERMISSIONS, 'show_support_page', 'show_ticket_system_page'],
    response: ZPanelBadges,
  }),
};
