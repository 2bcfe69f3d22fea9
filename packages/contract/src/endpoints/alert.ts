import { defineEndpoint } from '../endpoint.js';
import { ZAlert, ZAlertList, ZListAlertsQuery } from '../resources/alert.js';
import { exportQueryOf, ZFileDownload, ZIdParam, ZOk } from '../resources/common.js';

const tag = 'alerts';

export const alertApi = {
  alerts: defineEndpoint({
    method: 'GET',
    path: '/v1/technical/alerts',
    tag,
    summary: 'Technical alerts of the visible organisations, newest first',
    permissions: ['show_technical_analytics_page'],
    query: ZListAlertsQuery,
    response: ZAlertList,
  }),
  alertsExport: defineEndpoint({
    method: 'GET',
    path: '/v1/technical/alerts/export',
    tag,
    summary: 'The filtered technical alerts as CSV or XLSX, in the list’s order',
    permissions: ['show_technical_analytics_page'],
    query: exportQueryOf(ZListAlertsQuery),
    response: ZFileDownload,
    format: 'file',
  }),
  /** 409 unless the alert is open. */
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/v1/technical/alerts/acknowledge/:id',
    tag,
    summary: 'Someone is on it: the alert stays active until resolved',
    permissions: ['manage_technical_alerts'],
    params: ZIdParam,
    response: ZAlert,
    errors: [409],
  }),
  /** 409 when already resolved. */
  resolve: defineEndpoint({
    method: 'POST',
    path: '/v1/technical/alerts/resolve/:id',
    tag,
    summary: 'Close the incident; the same condition later opens a new alert',
    permissions: ['manage_technical_alerts'],
    params: ZIdParam,
    response: ZAlert,
    errors: [409],
  }),
  /**
   * Lifts the food-safety lock once the temperature is back in range; 409 while it is not,
   * or when the micromarket is not locked.
   */
  resetLock: defineEndpoint({
    method: 'POST',
    path: '/v1/device/lock/reset/:id',
    tag,
    summary: 'Reset the food-safety lock of a micromarket',
    permissions: ['reset_food_safety_lock'],
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
};
