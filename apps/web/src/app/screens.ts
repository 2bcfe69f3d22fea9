import type { ComponentType, LazyExoticComponent } from 'react';
import { AlertListScreen, JobListScreen } from '../features/alerts/index.js';
import { CategoryListScreen } from '../features/categories/index.js';
import { CertificateListScreen } from '../features/certificates/index.js';
import { CourierFridgeListScreen, CourierWorkspaceScreen } from '../features/courier/index.js';
import { DashboardScreen } from '../features/dashboard/index.js';
import { DatasetListScreen } from '../features/dataset/index.js';
import { DeviceGroupListScreen } from '../features/device-groups/index.js';
import { ErrorAnalyticsScreen } from '../features/error-analytics/index.js';
import { MakerListScreen } from '../features/makers/index.js';
import {
  FleetThresholdsScreen,
  MicromarketCardScreen,
  MicromarketDisplayScreen,
  MicromarketListScreen,
} from '../features/micromarkets/index.js';
import { ChannelListScreen, ClientRoutingScreen } from '../features/notifications/index.js';
import { CourierOrdersScreen, OrderListScreen } from '../features/orders/index.js';
import { OrganizationCardScreen, OrganizationListScreen } from '../features/organizations/index.js';
import { PaymentSystemScreen, PlatformPaymentSystemScreen } from '../features/payments/index.js';
import { PickSheetScreen, PlanningScreen } from '../features/planning/index.js';
import { ProductCardScreen, ProductListScreen, ProductRatingScreen } from '../features/products/index.js';
import { PromotionFormScreen, PromotionListScreen } from '../features/promotions/index.js';
import { PushNewScreen, PushQueueScreen } from '../features/push/index.js';
import { ReportListScreen } from '../features/reports/index.js';
import { RoleListScreen } from '../features/roles/index.js';
import { SubscribeTransactionsScreen, SubscriptionScreen } from '../features/subscriptions/index.js';
import { SupportListScreen, TicketListScreen } from '../features/support/index.js';
import { StorageListScreen, TagListScreen, TagProgrammerScreen } from '../features/tags/index.js';
import {
  TransactionCardScreen,
  TransactionListScreen,
  TransactionPaymentScreen,
} from '../features/transactions/index.js';
import { UserGroupListScreen } from '../features/user-groups/index.js';
import { UserListScreen } from '../features/users/index.js';

/**
 * The screens built into this release, by route path of the contract's table.
 * A route without an entry here is left out of the menu and the router.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard': DashboardScreen,
  '/courier/fridge/list': CourierFridgeListScreen,
  '/courier/fridge/orders': CourierOrdersScreen,
  '/dubai/courier': CourierWorkspaceScreen,
  '/user/list': UserListScreen,
  '/user/group': UserGroupListScreen,
  '/user/bonus/promotions': PromotionListScreen,
  '/user/bonus/promotions/new': PromotionFormScreen,
  '/push/new': PushNewScreen,
  '/push/queue': PushQueueScreen,
  '/report/list': ReportListScreen,
  '/roles/list': RoleListScreen,
  '/category/list': CategoryListScreen,
  '/category/list/second/:id': CategoryListScreen,
  '/category/list/third/:id': CategoryListScreen,
  '/product/makers': MakerListScreen,
  '/product/list': ProductListScreen,
  '/product/order': OrderListScreen,
  '/product/rating': ProductRatingScreen,
  '/product/tags': TagListScreen,
  '/product/programmer': TagProgrammerScreen,
  '/product/storage': StorageListScreen,
  '/product/planning': PlanningScreen,
  '/product/planning/pick-sheet': PickSheetScreen,
  '/product/dataset': DatasetListScreen,
  '/product/:id': ProductCardScreen,
  '/error/analytics': ErrorAnalyticsScreen,
  '/notification/system/channel': ChannelListScreen,
  '/notification/system/client': ClientRoutingScreen,
  '/technical/analytics': AlertListScreen,
  '/technical/jobs': JobListScreen,
  '/technical/thresholds': FleetThresholdsScreen,
  '/device/list': MicromarketListScreen,
  '/device/display': MicromarketDisplayScreen,
  '/device/device-group': DeviceGroupListScreen,
  '/device/transaction': TransactionListScreen,
  '/device/transaction/:id': TransactionCardScreen,
  '/device/transaction/payment/:id': TransactionPaymentScreen,
  '/device/:id': MicromarketCardScreen,
  '/organization/payment/system': PaymentSystemScreen,
  '/organization/payment/platform': PlatformPaymentSystemScreen,
  '/organization/list': OrganizationListScreen,
  '/certificate/list': CertificateListScreen,
  '/organization/:id': OrganizationCardScreen,
  '/organization/subscription': SubscriptionScreen,
  '/device/subscribe/transactions': SubscribeTransactionsScreen,
  '/support/list': SupportListScreen,
  '/ticket/list': TicketListScreen,
};

export const hasScreen = (path: string): boolean => Object.hasOwn(SCREENS, path);
