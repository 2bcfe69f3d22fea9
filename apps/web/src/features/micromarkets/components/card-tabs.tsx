import type { Permission } from '@vitrina/contract';
import type { ReactNode } from 'react';
import { PlanogramTab } from './planogram/planogram-tab';
import { DeviceAccountingTab } from './tabs/device-accounting-tab';
import { DeviceCommandsTab } from './tabs/device-commands-tab';
import { DeviceDiscountsTab } from './tabs/device-discounts-tab';
import { DeviceHistoryTab } from './tabs/device-history-tab';
import { DeviceMainTab } from './tabs/device-main-tab';
import { DeviceMonitoringTab } from './tabs/device-monitoring-tab';
import { DeviceOpenLinksTab } from './tabs/device-open-links-tab';
import { DeviceOrdersTab } from './tabs/device-orders-tab';
import { DevicePriceTagsTab } from './tabs/device-price-tags-tab';
import { DevicePricesTab } from './tabs/device-prices-tab';
import { DeviceSettingsTab } from './tabs/device-settings-tab';
import { DeviceShelvesTab } from './tabs/device-shelves-tab';
import { DeviceStockTab } from './tabs/device-stock-tab';
import type { DeviceTabProps } from './tabs/device-tab-props';
import { DeviceWishesTab } from './tabs/device-wishes-tab';
import { DeviceWrittenOffTab } from './tabs/device-written-off-tab';

export type DeviceTab = {
  /** The `?tab=` value. */
  key: string;
  /** Translation key of the tab's label. */
  label: string;
  /** Shown only to holders of one of these. */
  permissions?: readonly Permission[];
  render: (props: DeviceTabProps) => ReactNode;
};

/**
 * The micromarket card's tabs, in order. The extension point for the live work: monitoring,
 * commands, accelerometer and neuro background each add an entry here (after `main`), and
 * the card, its URL and the list's row actions pick it up.
 */
export const DEVICE_CARD_TABS: DeviceTab[] = [
  { key: 'main', label: 'devices.tabs.main', render: (props) => <DeviceMainTab {...props} /> },
  {
    key: 'monitoring',
    label: 'fleet.tabs.monitoring',
    render: (props) => <DeviceMonitoringTab {...props} />,
  },
  {
    key: 'commands',
    label: 'fleet.tabs.commands',
    permissions: ['show_device_page', 'send_device_commands'],
    render: (props) => <DeviceCommandsTab {...props} />,
  },
  { key: 'on_sale', label: 'devices.tabs.on_sale', render: (props) => <DeviceStockTab {...props} /> },
  { key: 'written_off', label: 'devices.tabs.written_off', render: (props) => <DeviceWrittenOffTab {...props} /> },
  { key: 'settings', label: 'devices.tabs.settings', render: (props) => <DeviceSettingsTab {...props} /> },
  { key: 'shelves', label: 'devices.tabs.shelves', render: (props) => <DeviceShelvesTab {...props} /> },
  { key: 'planogram', label: 'planogram.tab', render: (props) => <PlanogramTab {...props} /> },
  { key: 'discounts', label: 'devices.tabs.discounts', render: (props) => <DeviceDiscountsTab {...props} /> },
  { key: 'prices', label: 'devices.tabs.prices', render: (props) => <DevicePricesTab {...props} /> },
  { key: 'price_tags', label: 'devices.tabs.price_tags', render: (props) => <DevicePriceTagsTab {...props} /> },
  {
    key: 'orders',
    label: 'orders.tab_orders',
    permissions: ['show_products_order_page'],
    render: (props) => <DeviceOrdersTab {...props} />,
  },
  {
    key: 'wishes',
    label: 'orders.tab_wishes',
    permissions: ['show_products_order_page'],
    render: (props) => <DeviceWishesTab {...props} />,
  },
  { key: 'accounting', label: 'accounting.tab', render: (props) => <DeviceAccountingTab {...props} /> },
  { key: 'history', label: 'devices.tabs.history', render: (props) => <DeviceHistoryTab {...props} /> },
  {
    key: 'open_links',
    label: 'open.tab',
    permissions: ['send_device_commands'],
    render: (props) => <DeviceOpenLinksTab {...props} />,
  },
];
