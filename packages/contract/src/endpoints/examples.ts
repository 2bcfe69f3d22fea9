import type { AreaExamples, Endpoint } from '../endpoint.js';
import { accountingExamples } from './accounting.examples.js';
import { alertExamples } from './alert.examples.js';
import { authExamples } from './auth.examples.js';
import { bonusPromotionExamples } from './bonus-promotion.examples.js';
import { brokerAuthExamples } from './broker-auth.examples.js';
import { cardExamples } from './card.examples.js';
import { categoryExamples } from './category.examples.js';
import { certificateExamples } from './certificate.examples.js';
import { courierExamples } from './courier.examples.js';
import { customerAppExamples } from './customer-app.examples.js';
import { dashboardExamples } from './dashboard.examples.js';
import { datasetExamples } from './dataset.examples.js';
import { deviceCommandExamples } from './device-command.examples.js';
import { deviceGroupExamples } from './device-group.examples.js';
import { errorAnalyticsExamples } from './error-analytics.examples.js';
import { fiscalExamples } from './fiscal.examples.js';
import { api } from './index.js';
import { jobsExamples } from './jobs.examples.js';
import { liveExamples } from './live.examples.js';
import { makerExamples } from './maker.examples.js';
import { micromarketExamples } from './micromarket.examples.js';
import { noticeExamples } from './notice.examples.js';
import { notificationChannelExamples } from './notification-channel.examples.js';
import { notificationRoutingExamples } from './notification-routing.examples.js';
import { openLinkExamples } from './open-link.examples.js';
import { orderExamples } from './order.examples.js';
import { organizationExamples } from './organization.examples.js';
import { paymentExamples } from './payment.examples.js';
import { planningExamples } from './planning.examples.js';
import { planogramExamples } from './planogram.examples.js';
import { platformPaymentExamples } from './platform-payment.examples.js';
import { productExamples } from './product.examples.js';
import { pushExamples } from './push.examples.js';
import { receiptExamples } from './receipt.examples.js';
import { reportExamples } from './report.examples.js';
import { roleExamples } from './role.examples.js';
import { subscriptionExamples } from './subscription.examples.js';
import { supportExamples, ticketExamples } from './support.examples.js';
import { tagExamples } from './tag.examples.js';
import { transactionExamples } from './transaction.examples.js';
import { userExamples } from './user.examples.js';
import { userGroupExamples } from './user-group.examples.js';

type Api = typeof api;

/** Every endpoint's example answer, by area as in `api`: an area or endpoint without one fails the type check. */
export const EXAMPLES: { readonly [A in keyof Api]: AreaExamples<Api[A]> } = {
  auth: authExamples,
  dashboard: dashboardExamples,
  micromarket: micromarketExamples,
  deviceCommand: deviceCommandExamples,
  deviceGroup: deviceGroupExamples,
  organization: organizationExamples,
  certificate: certificateExamples,
  userGroup: userGroupExamples,
  payment: paymentExamples,
  platformPayment: platformPaymentExamples,
  card: cardExamples,
  subscription: subscriptionExamples,
  role: roleExamples,
  user: userExamples,
  product: productExamples,
  tag: tagExamples,
  category: categoryExamples,
  maker: makerExamples,
  openLink: openLinkExamples,
  dataset: datasetExamples,
  live: liveExamples,
  alert: alertExamples,
  jobs: jobsExamples,
  report: reportExamples,
  receipt: receiptExamples,
  fiscal: fiscalExamples,
  transaction: transactionExamples,
  bonusPromotion: bonusPromotionExamples,
  order: orderExamples,
  planogram: planogramExamples,
  planning: planningExamples,
  accounting: accountingExamples,
  courier: courierExamples,
  push: pushExamples,
  support: supportExamples,
  ticket: ticketExamples,
  errorAnalytics: errorAnalyticsExamples,
  notificationChannel: notificationChannelExamples,
  notificationRouting: notificationRoutingExamples,
  notice: noticeExamples,
  customerApp: customerAppExamples,
  brokerAuth: brokerAuthExamples,
};

/** What the OpenAPI document says of an endpoint beyond its schemas: its name (`user.list` → `userList`) and example. */
export type EndpointDoc = { operationId: string; example: unknown };

let docs: Map<Endpoint, EndpointDoc> | undefined;

/** The document entry of a declared endpoint; built on first use, so the web bundle leaves it out. */
export function endpointDocOf(endpoint: Endpoint): EndpointDoc | undefined {
  if (!docs) {
    docs = new Map();
    for (const [area, endpoints] of Object.entries(api)) {
      const examples: Record<string, unknown> = EXAMPLES[area as keyof Api];
      for (const [name, declared] of Object.entries(endpoints)) {
        const operationId = `${area}${name[0]?.toUpperCase()}${name.slice(1)}`;
        docs.set(declared, { operationId, example: examples[name] });
      }
    }
  }
  return docs.get(endpoint);
}
