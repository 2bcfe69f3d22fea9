import { DEFAULT_NOTIFICATION_RULES, PERMISSION_NAMES, type Permission, USER_KIND } from '@vitrina/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  notificationRules,
  organizationAccess,
  organizations,
  rolePermissions,
  roles,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/crypto.js';

export type DemoLogin = { email: string; password: string; role: string; organization: string };

const DEMO_ORGANIZATIONS = ['Vitrina Demo', 'Kyiv Office Markets', 'Krakow Franchise'] as const;

const OPERATOR: Permission[] = [
  'show_dashboard_page',
  'show_users_page',
  'edit_users',
  'edit_user_bonuses',
  'export_users',
  'show_users_groups_page',
  'show_users_roles_page',
  'show_device_page',
  'show_fridge_display',
  'device_group_list',
  'edit_devices',
  'send_device_commands',
  'reset_food_safety_lock',
  'show_technical_analytics_page',
  'manage_technical_alerts',
  'show_transactions_page',
  'show_update_transaction_page',
  'show_categories_page',
  'show_products_page',
  'show_maker_page',
  'show_products_tag_page',
  'show_products_programmer_page',
  'show_products_storage_page',
  'show_product_rating_page',
  'show_dataset_page',
  'edit_categories',
  'edit_makers',
  'edit_products',
  'copy_products',
  'manage_tags',
  'program_tags',
  'manage_dataset',
  'show_report_page',
  'show_payment_system_setting',
  'edit_payment_system',
  'show_organizations_page',
  'edit_organizations',
  'show_bonus_trigger_page',
  'show_products_order_page',
  'show_planning_page',
  'show_push_notifications_page',
  // An operator answers the fridges' customers and sees who is told of what.
  'show_support_page',
  'show_ticket_system_page',
  'show_notification_system_page_for_client',
];
const COURIER: Permission[] = [
  'show_dashboard_page',
  'show_courier_page',
  'show_orders_for_courier',
  'show_dubai_courier_page',
];
const SUPPORT: Permission[] = [
  'show_dashboard_page',
  'show_users_page',
  'show_support_page',
  'show_ticket_system_page',
];
const FRANCHISOR: Permission[] = [
  'show_dashboard_page',
  'show_users_page',
  'edit_users',
  'show_users_roles_page',
  'edit_roles',
  'show_organizations_page',
  'edit_organizations',
  'show_organization_subscribe',
  'show_payment_system_setting',
  'edit_payment_system',
  'show_device_page',
  'show_transactions_page',
  'show_categories_page',
  'show_products_page',
  'show_maker_page',
  'show_products_tag_page',
  'show_product_rating_page',
];

/** The demo roles' permissions, so tests can give their own users the same roles. */
export const DEMO_ROLE_PERMISSIONS = {
  operator: OPERATOR,
  courier: COURIER,
  support: SUPPORT,
  franchisor: FRANCHISOR,
} as const satisfies Record<string, readonly Permission[]>;

const DEMO = [
  {
    role: 'Platform admin',
    email: 'admin@vitrina.local',
    password: 'admin12345',
    name: 'Olena Kovalenko',
    org: 0,
    phone: '+380501112233',
  },
  {
    role: 'Operator',
    email: 'operator@vitrina.local',
    password: 'operator123',
    name: 'Taras Melnyk',
    org: 0,
    phone: '+380671234567',
  },
  {
    role: 'Courier',
    email: 'courier@vitrina.local',
    password: 'courier123',
    name: 'Andrii Bondar',
    org: 0,
    phone: '+380931112244',
  },
  {
    role: 'Support',
    email: 'support@vitrina.local',
    password: 'support123',
    name: 'Iryna Shevchuk',
    org: 0,
    phone: '+380661234000',
  },
  {
    role: 'Franchisor',
    email: 'franchisor@vitrina.local',
    password: 'franchise123',
    name: 'Marek Nowak',
    org: 2,
    phone: '+48501234567',
  },
] as const;

/**
 * Demo data for a first start: a main organisation with two sub-organisations (access 1
 * and 2), the five roles and one user each; user id 1 is the platform admin.
 * Does nothing when organisations exist already.
 */
export type DemoSeed = {
  logins: DemoLogin[];
  orgIds: { main: number; kyiv: number; krakow: number };
  /** The operator, who writes tags in the demo. */
  operatorId: number;
};

export async function seedDemo(db: Db): Promise<DemoSeed | null> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  if ((existing?.count ?? 0) > 0) return null;
  const hashes = await Promise.all(DEMO.map((user) => hashPassword(user.password)));
  return db.transaction(async (tx) => {
    const orgs = await tx
      .insert(organizations)
      .values([
        {
          name: 'Vitrina Demo',
          type: 'main',
          currency: 'UAH',
          fiscalNumber: '43512345',
          subscriptionPriceMinor: 49_900,
        },
        {
          name: 'Kyiv Office Markets',
          type: 'sub',
          currency: 'UAH',
          fiscalNumber: '41234567',
          subscriptionPriceMinor: 49_900,
        },
        {
          name: 'Krakow Franchise',
          type: 'sub',
          currency: 'PLN',
          timeZone: 'Europe/Warsaw',
          fiscalNumber: 'PL6751234567',
          subscriptionPriceMinor: 9_900,
        },
      ])
      .returning({ id: organizations.id });
    const [main, kyiv, krakow] = orgs.map((org) => org.id) as [number, number, number];
    await tx.update(organizations).set({ parentId: main }).where(sql`${organizations.id} in (${kyiv}, ${krakow})`);
    await tx.insert(organizationAccess).values([
      { ownerOrgId: kyiv, granteeOrgId: main, accessLevel: 1 },
      { ownerOrgId: krakow, granteeOrgId: main, accessLevel: 2 },
    ]);
    // What every new organisation starts with: offline, temperature and lock to its operators by mail.
    await tx.insert(notificationRules).values(
      [main, kyiv, krakow].flatMap((orgId) =>
        DEFAULT_NOTIFICATION_RULES.map((rule) => ({
          orgId,
          event: rule.event,
          channelId: rule.channel_id,
          recipients: [...rule.recipients],
          toOperators: rule.to_operators,
        })),
      ),
    );

    const roleDefs: {
      name: string;
      orgId: number | null;
      defaultPage: 'dashboard' | 'dubai_courier';
      permissions: readonly string[];
    }[] = [
      { name: 'Platform admin', orgId: null, defaultPage: 'dashboard', permissions: PERMISSION_NAMES },
      { name: 'Operator', orgId: null, defaultPage: 'dashboard', permissions: OPERATOR },
      // The courier lands on the workspace, the phone screen of the day's route.
      { name: 'Courier', orgId: null, defaultPage: 'dubai_courier', permissions: COURIER },
      { name: 'Support', orgId: null, defaultPage: 'dashboard', permissions: SUPPORT },
      { name: 'Franchisor', orgId: null, defaultPage: 'dashboard', permissions: FRANCHISOR },
    ];
    const roleIds = new Map<string, number>();
    for (const def of roleDefs) {
      const [role] = await tx
        .insert(roles)
        .values({ name: def.name, orgId: def.orgId, defaultPage: def.defaultPage })
        .returning({ id: roles.id });
      roleIds.set(def.name, role!.id);
      await tx.insert(rolePermissions).values(def.permissions.map((permission) => ({ roleId: role!.id, permission })));
    }

    const orgIds = [main, kyiv, krakow];
    // Inserted one by one so the platform admin is user id 1.
    for (const [index, user] of DEMO.entries()) {
      await tx.insert(users).values({
        name: user.name,
        email: user.email,
        passwordHash: hashes[index]!,
        phones: [user.phone],
        userType: USER_KIND.employee,
        roleId: roleIds.get(user.role)!,
        orgId: orgIds[user.org]!,
        lang: user.org === 2 ? 'pl' : 'en',
      });
    }
    const logins = DEMO.map(demoLogin);
    const [operator] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'operator@vitrina.local'`);
    return { logins, orgIds: { main, kyiv, krakow }, operatorId: operator!.id };
  });
}

function demoLogin(user: (typeof DEMO)[number]): DemoLogin {
  return { email: user.email, password: user.password, role: user.role, organization: DEMO_ORGANIZATIONS[user.org] };
}

/**
 * The demo logins of a database the demo was seeded into on an earlier start (the accounts
 * still there, active), so every start of the demo prints them; none on any other database.
 */
export async function demoLoginsOf(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO.map((user) => user.email),
        ),
        eq(users.active, true),
      ),
    );
  const present = new Set(rows.map((row) => row.email));
  // The platform admin (user id 1 of the demo) is what makes it the demo's database.
  if (!present.has(DEMO[0].email)) return [];
  return DEMO.filter((user) => present.has(user.email)).map(demoLogin);
}
