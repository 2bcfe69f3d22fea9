import type { Permission } from '@vitrina/contract';
import type { ReactNode } from 'react';
import { PlanogramTab } from './planogram/planogram-tab';
import { MicromarketAccountingTab } from './tabs/micromarket-accounting-tab';
import { MicromarketCommandsTab } from './tabs/micromarket-commands-tab';
import { MicromarketDiscountsTab } from './tabs/micromarket-discounts-tab';
import { MicromarketHistoryTab } from './tabs/micromarket-history-tab';
import { MicromarketMainTab } from './tabs/micromarket-main-tab';
import { MicromarketMonitoringTab } from './tabs/micromarket-monitoring-tab';
import { MicromarketOpenLinksTab } from './tabs/micromarket-open-links-tab';
import { MicromarketOrdersTab } from './tabs/micromarket-orders-tab';
import { MicromarketPriceTagsTab } from './tabs/micromarket-price-tags-tab';
import { MicromarketPricesTab } from './tabs/micromarket-prices-tab';
import { MicromarketSettingsTab } from './tabs/micromarket-settings-tab';
import { MicromarketShelvesTab } from './tabs/micromarket-shelves-tab';
import { MicromarketStockTab } from './tabs/micromarket-stock-tab';
import type { MicromarketTabProps } from './tabs/micromarket-tab-props';
import { MicromarketWishesTab } from './tabs/micromarket-wishes-tab';
import { MicromarketWrittenOffTab } from './tabs/micromarket-written-off-tab';

export type MicromarketCardTab = {
  /** The `?tab=` value. */
  key: string;
  /** Translation key of the tab's label. */
  label: string;
  /** Shown only to holders of one of these. */
  permissions?: readonly Permission[];
  render: (props: MicromarketTabProps) => ReactNode;
};

/**
 * The micromarket card's tabs, in order. The extension point for the live work: monitoring,
 * commands, accelerometer and neuro background each add an entry here (after `main`), and
 * the card, its URL and the list's row actions pick it up.
 */
export const MICROMARKET_CARD_TABS: MicromarketCardTab[] = [
  { key: 'main', label: 'devices.tabs.main', render: (props) => <MicromarketMainTab {...props} /> },
  {
    key: 'monitoring',
    label: 'fleet.tabs.monitoring',
    render: (props) => <MicromarketMonitoringTab {...props} />,
  },
  {
    key: 'commands',
    label: 'fleet.tabs.commands',
    permissions: ['show_device_page', 'send_device_commands'],
    render: (props) => <MicromarketCommandsTab {...props} />,
  },
  { key: 'on_sale', label: 'devices.tabs.on_sale', render: (props) => <MicromarketStockTab {...props} /> },
  { key: 'written_off', label: 'devices.tabs.written_off', render: (props) => <MicromarketWrittenOffTab {...props} /> },
  { key: 'settings', label: 'devices.tabs.settings', render: (props) => <MicromarketSettingsTab {...props} /> },
  { key: 'shelves', label: 'devices.tabs.shelves', render: (props) => <MicromarketShelvesTab {...props} /> },
  { key: 'planogram', label: 'planogram.tab', render: (props) => <PlanogramTab {...props} /> },
  { key: 'discounts', label: 'devices.tabs.discounts', render: (props) => <MicromarketDiscountsTab {...props} /> },
  { key: 'prices', label: 'devices.tabs.prices', render: (props) => <MicromarketPricesTab {...props} /> },
  { key: 'price_tags', label: 'devices.tabs.price_tags', render: (props) => <MicromarketPriceTagsTab {...props} /> },
  {
    key: 'orders',
    label: 'orders.tab_orders',
    permissions: ['show_products_order_page'],
    render: (props) => <MicromarketOrdersTab {...props} />,
  },
  {
    key: 'wishes',
    label: 'orders.tab_wishes',
    permissions: ['show_products_order_page'],
    render: (props) => <MicromarketWishesTab {...props} />,
  },
  { key: 'accounting', label: 'accounting.tab', render: (props) => <MicromarketAccountingTab {...props} /> },
  { key: 'history', label: 'devices.tabs.history', render: (props) => <MicromarketHistoryTab {...props} /> },
  {
    key: 'open_links',
    label: 'open.tab',
    permissions: ['send_device_commands'],
    render: (props) => <MicromarketOpenLinksTab {...props} />,
  },
];
