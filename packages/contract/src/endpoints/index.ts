import type { Endpoint } from '../endpoint.js';
import { accountingApi } from './accounting.js';
import { alertApi } from './alert.js';
import { authApi } from './auth.js';
import { bonusPromotionApi } from './bonus-promotion.js';
import { brokerAuthApi } from './broker-auth.js';
import { cardApi } from './card.js';
import { categoryApi } from './category.js';
import { certificateApi } from './certificate.js';
import { courierApi } from './courier.js';
import { customerAppApi } from './customer-app.js';
import { dashboardApi } from './dashboard.js';
import { datasetApi } from './dataset.js';
import { deviceCommandApi } from './device-command.js';
import { deviceGroupApi } from './device-group.js';
import { errorAnalyticsApi } from './error-analytics.js';
import { fiscalApi } from './fiscal.js';
import { jobsApi } from './jobs.js';
import { liveApi } from './live.js';
import { makerApi } from './maker.js';
import { micromarketApi } from './micromarket.js';
import { noticeApi } from './notice.js';
import { notificationChannelApi } from './notification-channel.js';
import { notificationRoutingApi } from './notification-routing.js';
import { openLinkApi } from './open-link.js';
import { orderApi } from './order.js';
import { organizationApi } from './organization.js';
import { paymentApi } from './payment.js';
import { planningApi } from './planning.js';
import { planogramApi } from './planogram.js';
import { platformPaymentApi } from './platform-payment.js';
import { productApi } from './product.js';
import { pushApi } from './push.js';
import { receiptApi } from './receipt.js';
import { reportApi } from './report.js';
import { roleApi } from './role.js';
import { subscriptionApi } from './subscription.js';
import { supportApi, supportPeopleApi, ticketApi } from './support.js';
import { tagApi } from './tag.js';
import { transactionApi } from './transaction.js';
import { userApi } from './user.js';
import { userGroupApi } from './user-group.js';

/** Every endpoint of the API by area: `api.user.list`. Server routes and the web client derive from it. */
export const api = {
  auth: authApi,
  dashboard: dashboardApi,
  micromarket: micromarketApi,
  deviceCommand: deviceCommandApi,
  deviceGroup: deviceGroupApi,
  organization: organizationApi,
  certificate: certificateApi,
  userGroup: userGroupApi,
  payment: paymentApi,
  platformPayment: platformPaymentApi,
  card: cardApi,
  subscription: subscriptionApi,
  role: roleApi,
  user: userApi,
  product: productApi,
  tag: tagApi,
  category: categoryApi,
  maker: makerApi,
  openLink: openLinkApi,
  dataset: datasetApi,
  live: liveApi,
  alert: alertApi,
  jobs: jobsApi,
  report: reportApi,
  receipt: receiptApi,
  fiscal: fiscalApi,
  transaction: transactionApi,
  bonusPromotion: bonusPromotionApi,
  order: orderApi,
  planogram: planogramApi,
  planning: planningApi,
  accounting: accountingApi,
  courier: courierApi,
  push: pushApi,
  support: { ...supportApi, ...supportPeopleApi },
  ticket: ticketApi,
  errorAnalytics: errorAnalyticsApi,
  notificationChannel: notificationChannelApi,
  notificationRouting: notificationRoutingApi,
  notice: noticeApi,
  customerApp: customerAppApi,
  brokerAuth: brokerAuthApi,
};

/** The flat list, for route tests and tooling. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap((area) => Object.values(area));
