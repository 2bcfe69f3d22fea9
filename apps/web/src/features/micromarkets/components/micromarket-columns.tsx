import { MoreOutlined } from '@ant-design/icons';
import type { api, EndpointQuery, TMicromarket } from '@vitrina/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { MapsLink } from '../../../components/external-link';
import { formatRelativeTime } from '../../../lib/format';
import { sortOrderOf } from '../../../lib/list-query';
import { ConnectionTag, DoorTag, LockTag, TemperatureTag } from './micromarket-state-tags';

/** The card tabs a row action opens. */
export const ROW_TABS = [
  'on_sale',
  'written_off',
  'settings',
  'shelves',
  'planogram',
  'accounting',
  'discounts',
  'prices',
  'price_tags',
  'history',
] as const;
/**
 * Row actions of the spec's menu that open a card tab by another name (scan: the rescan
 * button; sensors: the shelves' trackers; accelerometer: its check among the commands).
 */
export const ROW_TAB_ACTIONS = {
  commands: 'commands',
  monitoring: 'monitoring',
  scan: 'commands',
  calibrate: 'shelves',
  sensors: 'shelves',
  accelerometer: 'commands',
} as const;
/** `tags` opens the tag list filtered by the micromarket. */
export type RowAction =
  | 'open'
  | 'edit'
  | 'copy'
  | 'delete'
  | 'tags'
  | 'orders'
  | 'wishes'
  | (typeof ROW_TABS)[number]
  | keyof typeof ROW_TAB_ACTIONS;

type Options = {
  t: TFunction;
  sort: EndpointQuery<typeof api.micromarket.list>['sort'];
  isCompact: boolean;
  canEdit: (micromarket: TMicromarket) => boolean;
  /** The tag list is a screen of its own, behind show_products_tag_page. */
  canSeeTags: boolean;
  /** The orders and wishes tabs, behind show_products_order_page. */
  canSeeOrders: boolean;
  onAction: (action: RowAction, micromarket: TMicromarket) => void;
};

const orDash = (value: string | null) => value || '—';

function rowMenu({ t, canEdit, canSeeTags, canSeeOrders, onAction }: Options, micromarket: TMicromarket): MenuProps {
  const isEditable = canEdit(micromarket);
  const items: MenuProps['items'] = [
    { key: 'open', label: t('devices.actions.open') },
    ...(isEditable ? [{ key: 'edit', label: t('devices.actions.edit') }] : []),
    ...(Object.keys(ROW_TAB_ACTIONS) as (keyof typeof ROW_TAB_ACTIONS)[]).map((action) => ({
      key: action,
      label: t(`fleet.row_actions.${action}`),
    })),
    ...ROW_TABS.map((tab) => ({
      key: tab,
      label: t(tab === 'planogram' || tab === 'accounting' ? `${tab}.tab` : `devices.tabs.${tab}`),
    })),
    ...(canSeeTags ? [{ key: 'tags', label: t('fleet.row_actions.tags') }] : []),
    ...(canSeeOrders
      ? [
          { key: 'orders', label: t('orders.tab_orders') },
          { key: 'wishes', label: t('orders.tab_wishes') },
        ]
      : []),
    ...(isEditable
      ? [
          { key: 'copy', label: t('devices.actions.copy_settings') },
          { type: 'divider' as const },
          { key: 'delete', label: t('actions.delete'), danger: true },
        ]
      : []),
  ];
  return { items, onClick: ({ key }) => onAction(key as RowAction, micromarket) };
}

export function buildMicromarketColumns(options: Options): ColumnsType<TMicromarket> {
  const { t, sort, isCompact } = options;
  return [
    {
      key: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'name'),
      fixed: isCompact ? undefined : 'left',
      render: (_, item) => (
        <div style={{ minWidth: 160 }}>
          <Link to={`/device/${item.id}`} style={{ fontWeight: 500 }}>
            {item.name}
          </Link>
          <div className="muted" style={{ fontSize: 12 }}>
            <MapsLink address={item.address} style={{ color: 'inherit' }} />
          </div>
          <LockTag micromarket={item} />
        </div>
      ),
    },
    {
      key: 'serial_number',
      dataIndex: 'serial_number',
      title: t('devices.fields.serial_number'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'serial_number'),
    },
    {
      key: 'connection',
      title: t('devices.fields.connection'),
      render: (_, item) => <ConnectionTag micromarket={item} />,
    },
    {
      key: 'last_activity_at',
      title: t('devices.fields.last_activity'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'last_activity_at'),
      render: (_, item) => (item.last_activity_at ? formatRelativeTime(item.last_activity_at) : '—'),
    },
    {
      key: 'temperature',
      title: t('devices.fields.temperature'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'temperature'),
      render: (_, item) => <TemperatureTag micromarket={item} />,
    },
    { key: 'door', title: t('devices.fields.door'), render: (_, item) => <DoorTag door={item.door} /> },
    {
      key: 'discount',
      title: t('devices.fields.discount'),
      align: 'right',
      render: (_, item) => (item.discount_percent ? `−${item.discount_percent}%` : '—'),
    },
    { key: 'ip', title: t('devices.fields.ip'), render: (_, item) => orDash(item.ip) },
    { key: 'mac', title: t('devices.fields.mac_address'), render: (_, item) => orDash(item.mac_address) },
    {
      key: 'platform',
      title: t('devices.fields.platform'),
      render: (_, item) => [item.platform, item.firmware].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 64,
      fixed: isCompact ? undefined : 'right',
      render: (_, item) => (
        <Dropdown menu={rowMenu(options, item)} trigger={['click']}>
          <Button size="small" icon={<MoreOutlined />} aria-label={t('devices.actions.menu', { name: item.name })} />
        </Dropdown>
      ),
    },
  ];
}
