import { hasAnyPermission } from './access.js';
import type { Permission } from './permissions.js';

/**
 * The screen table of spec §2. One table drives the router, the sidebar, tab titles and
 * guards. `title` is a translation key under `menu.`; `icon` names an Ant Design icon.
 * A section's permissions are the union its children need; a child may narrow them.
 */
export type RouteEntry = {
  path: string;
  title: string;
  permissions?: readonly Permission[];
  hidden?: boolean;
  icon?: string;
  affix?: boolean;
  children?: readonly RouteEntry[];
};

export const PUBLIC_PATHS = [
  '/login',
  '/registration/:token',
  '/reset/password/:token',
  '/notauth/open/fridge/:token',
  '/notauth/courier/open/fridge/:token',
  '/receipt/:token',
  '/notauth/certificate/:slug',
  '/auth-redirect',
  '/404',
  '/401',
  '/terms',
] as const;

export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/dashboard',
    title: 'dashboard',
    permissions: ['show_dashboard_page'],
    icon: 'DashboardOutlined',
    affix: true,
  },
  {
    path: '/courier',
    title: 'courier',
    permissions: ['show_courier_page'],
    icon: 'CarOutlined',
    children: [
      { path: '/courier/fridge/list', title: 'courier_fridges', permissions: ['show_courier_page'] },
      { path: '/courier/fridge/orders', title: 'courier_orders', permissions: ['show_orders_for_courier'] },
    ],
  },
  {
    path: '/dubai',
    title: 'dubai',
    permissions: ['show_dubai_courier_page'],
    icon: 'RocketOutlined',
    children: [{ path: '/dubai/courier', title: 'dubai_courier', permissions: ['show_dubai_courier_page'] }],
  },
  {
    path: '/report',
    title: 'report',
    permissions: ['show_report_page'],
    icon: 'FileTextOutlined',
    children: [{ path: '/report/list', title: 'report_list', permissions: ['show_report_page'] }],
  },
  {
    path: '/device',
    title: 'devices',
    icon: 'ShopOutlined',
    permissions: ['show_device_page', 'show_fridge_display', 'show_transactions_page', 'show_subscribe_transactions'],
    children: [
      { path: '/device/list', title: 'device_list', permissions: ['show_device_page'] },
      { path: '/device/display', title: 'device_display', permissions: ['show_fridge_display'] },
      { path: '/device/transaction', title: 'transactions', permissions: ['show_transactions_page'] },
      {
        path: '/device/subscribe/transactions',
        title: 'subscribe_transactions',
        permissions: ['show_subscribe_transactions'],
      },
      { path: '/device/device-group', title: 'device_groups', permissions: ['device_group_list'] },
      { path: '/device/transaction/:id', title: 'transaction', permissions: ['show_transactions_page'], hidden: true },
      {
        path: '/device/transaction/payment/:id',
        title: 'payment_transaction',
        permissions: ['show_update_transaction_page'],
        hidden: true,
      },
      { path: '/device/:id', title: 'device', permissions: ['show_device_page'], hidden: true },
    ],
  },
  {
    path: '/category',
    title: 'categories',
    permissions: ['show_categories_page'],
    icon: 'ApartmentOutlined',
    children: [
      { path: '/category/list', title: 'category_list', permissions: ['show_categories_page'] },
      {
        path: '/category/list/second/:id',
        title: 'category_second',
        permissions: ['show_categories_page'],
        hidden: true,
      },
      {
        path: '/category/list/third/:id',
        title: 'category_third',
        permissions: ['show_categories_page'],
        hidden: true,
      },
    ],
  },
  {
    path: '/product',
    title: 'products',
    permissions: ['show_products_page'],
    icon: 'AppstoreOutlined',
    children: [
      { path: '/product/list', title: 'product_list', permissions: ['show_products_page'] },
      { path: '/product/makers', title: 'makers', permissions: ['show_maker_page'] },
      { path: '/product/order', title: 'product_order', permissions: ['show_products_order_page'] },
      { path: '/product/rating', title: 'product_rating', permissions: ['show_product_rating_page'] },
      { path: '/product/programmer', title: 'programmer', permissions: ['show_products_programmer_page'] },
      { path: '/product/tags', title: 'tags', permissions: ['show_products_tag_page'] },
      { path: '/product/storage', title: 'storage', permissions: ['show_products_storage_page'] },
      { path: '/product/planning', title: 'planning', permissions: ['show_planning_page'] },
      // The pick sheets to print, per route and per micromarket.
      { path: '/product/planning/pick-sheet', title: 'pick_sheet', permissions: ['show_planning_page'], hidden: true },
      { path: '/product/dataset', title: 'dataset', permissions: ['show_dataset_page'] },
      { path: '/product/:id', title: 'product', permissions: ['show_products_page'], hidden: true },
    ],
  },
  {
    path: '/organization',
    title: 'organizations',
    icon: 'BankOutlined',
    permissions: [
      'show_organizations_page',
      'show_payment_system_setting',
      'edit_platform_payment_system',
      'show_organization_subscribe',
    ],
    children: [
      { path: '/organization/list', title: 'organization_list', permissions: ['show_organizations_page'] },
      { path: '/organization/payment/system', title: 'payment_system', permissions: ['show_payment_system_setting'] },
      {
        path: '/organization/payment/platform',
        title: 'platform_payment_system',
        permissions: ['edit_platform_payment_system'],
      },
      { path: '/organization/subscription', title: 'subscription', permissions: ['show_organization_subscribe'] },
      { path: '/organization/:id', title: 'organization', permissions: ['show_organizations_page'], hidden: true },
    ],
  },
  {
    path: '/user',
    title: 'users',
    icon: 'TeamOutlined',
    permissions: ['show_users_page', 'show_users_groups_page'],
    children: [
      { path: '/user/list', title: 'user_list', permissions: ['show_users_page'] },
      { path: '/user/bonus/promotions', title: 'bonus_promotions', permissions: ['show_bonus_trigger_page'] },
      {
        path: '/user/bonus/promotions/new',
        title: 'bonus_promotion_new',
        permissions: ['show_bonus_trigger_page'],
        hidden: true,
      },
      { path: '/user/group', title: 'user_groups', permissions: ['show_users_groups_page'] },
    ],
  },
  {
    path: '/roles',
    title: 'roles',
    permissions: ['show_users_roles_page'],
    icon: 'SafetyCertificateOutlined',
    children: [{ path: '/roles/list', title: 'role_list', permissions: ['show_users_roles_page'] }],
  },
  {
    path: '/certificate',
    title: 'certificates',
    permissions: ['show_certificates_page'],
    icon: 'FileProtectOutlined',
    children: [{ path: '/certificate/list', title: 'certificate_list', permissions: ['show_certificates_page'] }],
  },
  {
    path: '/push',
    title: 'push',
    permissions: ['show_push_notifications_page'],
    icon: 'NotificationOutlined',
    children: [
      { path: '/push/new', title: 'push_new', permissions: ['show_push_notifications_page'] },
      { path: '/push/queue', title: 'push_queue', permissions: ['show_push_notifications_page'] },
    ],
  },
  {
    path: '/notification',
    title: 'notifications',
    icon: 'BellOutlined',
    permissions: ['show_notification_system_page', 'show_notification_system_page_for_client'],
    children: [
      {
        path: '/notification/system/client',
        title: 'notification_client',
        permissions: ['show_notification_system_page_for_client'],
      },
      {
        path: '/notification/system/channel',
        title: 'notification_channel',
        permissions: ['show_notification_system_page'],
      },
    ],
  },
  {
    path: '/error',
    title: 'errors',
    permissions: ['show_error_analytics_page'],
    icon: 'BugOutlined',
    children: [{ path: '/error/analytics', title: 'error_analytics', permissions: ['show_error_analytics_page'] }],
  },
  {
    path: '/technical',
    title: 'technical',
    permissions: ['show_technical_analytics_page', 'show_device_page'],
    icon: 'ToolOutlined',
    children: [
      { path: '/technical/analytics', title: 'technical_analytics', permissions: ['show_technical_analytics_page'] },
      // Not in the spec's tree: the job queue of DESIGN §8, for the platform admin (docs/decisions/026-background-jobs-page-platform-admin.md).
      { path: '/technical/jobs', title: 'technical_jobs', permissions: ['view_all_organizations'] },
      // The limits the technical alerts and the food-safety lock apply; read like the fleet, changed with edit_devices.
      { path: '/technical/thresholds', title: 'fleet_thresholds', permissions: ['show_device_page'] },
    ],
  },
  {
    path: '/support',
    title: 'support',
    permissions: ['show_support_page'],
    icon: 'CustomerServiceOutlined',
    children: [{ path: '/support/list', title: 'support_list', permissions: ['show_support_page'] }],
  },
  {
    path: '/ticket',
    title: 'tickets',
    permissions: ['show_ticket_system_page'],
    icon: 'SolutionOutlined',
    children: [{ path: '/ticket/list', title: 'ticket_list', permissions: ['show_ticket_system_page'] }],
  },
];

/**
 * Spec §4: a route is visible if it has no permissions or the user holds one of them;
 * children are filtered the same way, and a section left with no children disappears.
 * `isAvailable` lets the web drop routes whose screen is not built into this release.
 */
export function filterRoutes(
  routes: readonly RouteEntry[],
  held: readonly string[],
  isAvailable: (route: RouteEntry) => boolean = () => true,
): RouteEntry[] {
  const result: RouteEntry[] = [];
  for (const route of routes) {
    if (!hasAnyPermission(held, route.permissions)) continue;
    if (route.children) {
      const children = filterRoutes(route.children, held, isAvailable);
      if (children.length > 0) result.push({ ...route, children });
    } else if (isAvailable(route)) {
      result.push(route);
    }
  }
  return result;
}

/** Every leaf route, flattened. */
export function flattenRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.flatMap((route) => (route.children ? flattenRoutes(route.children) : [route]));
}

/** Finds the leaf whose pattern matches a concrete path (`:param` segments match anything). */
export function matchRoute(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const leaves = flattenRoutes(routes);
  // Static segments win over parameters: `/device/list` before `/device/:id`.
  const score = (route: RouteEntry) => route.path.split('/').filter((s) => s.startsWith(':')).length;
  return leaves
    .filter((route) => {
      const pattern = route.path.split('/');
      return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
    })
    .sort((a, b) => score(a) - score(b))[0];
}

/**
 * The route a path means in the whole table, if `visible` holds it. A static path whose
 * screen is missing or forbidden (`/product/order`) must not fall through to a sibling
 * pattern (`/product/:id`), so the match is made against every route first.
 */
export function matchVisibleRoute(visible: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const meant = matchRoute(ROUTES, pathname);
  if (!meant) return undefined;
  return flattenRoutes(visible).find((route) => route.path === meant.path);
}
