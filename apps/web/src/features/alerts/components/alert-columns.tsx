import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import type { api, EndpointQuery, TAlert } from '@vitrina/contract';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowActions } from '../../../components/row-actions';
import { sortOrderOf } from '../../../lib/list-query';

type Options = {
  t: TFunction;
  sort: EndpointQuery<typeof api.alert.alerts>['sort'];
  canManage: boolean;
  isCompact: boolean;
  busyId: number | null;
  onAcknowledge: (alert: TAlert) => void;
  onResolve: (alert: TAlert) => void;
};

export const ALERT_STATUS_COLORS = { open: 'red', acknowledged: 'gold', resolved: 'default' } as const;
const when = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/** What the rule saw, in one line: the temperature and its limit, the grams no detection explains. */
export function alertSummary(t: TFunction, alert: TAlert): string {
  const d = alert.details as Record<string, unknown>;
  if (alert.type === 1 && typeof d.temperature === 'number') {
    const text = t('alerts.summary.temperature', { temperature: d.temperature, limit: d.limit });
    return d.locked_at ? `${text} · ${t('alerts.summary.locked')}` : text;
  }
  if (alert.type === 3 && typeof d.unexplained_grams === 'number')
    return t('alerts.summary.weight', { grams: d.unexplained_grams, tolerance: d.tolerance });
  if (alert.type === 2) return t('alerts.summary.door');
  return '';
}

export function buildAlertColumns(options: Options): ColumnsType<TAlert> {
  const { t, sort, canManage, isCompact, busyId, onAcknowledge, onResolve } = options;
  const columns: ColumnsType<TAlert> = [
    {
      key: 'type',
      title: t('alerts.type'),
      render: (_, alert) => <strong style={{ fontWeight: 500 }}>{t(`alerts.types.${alert.type}`)}</strong>,
    },
    {
      key: 'micromarket',
      title: t('fields.micromarket'),
      render: (_, alert) => <Link to={`/device/${alert.micromarket_id}`}>{alert.micromarket_name}</Link>,
    },
    { key: 'details', title: t('alerts.details'), render: (_, alert) => alertSummary(t, alert) || '—' },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, alert) => {
        const by = alert.status === 'resolved' ? alert.resolved_by : alert.acknowledged_by;
        const tag = <Tag color={ALERT_STATUS_COLORS[alert.status]}>{t(`alerts.status.${alert.status}`)}</Tag>;
        return by ? <Tooltip title={by}>{tag}</Tooltip> : tag;
      },
    },
    {
      key: 'opened_at',
      title: t('alerts.opened_at'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'opened_at'),
      render: (_, alert) => when(alert.opened_at),
    },
    {
      key: 'last_seen_at',
      title: t('alerts.last_seen_at'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'last_seen_at'),
      render: (_, alert) => {
        const seen =
          alert.occurrences > 1 ? `${when(alert.last_seen_at)} (×${alert.occurrences})` : when(alert.last_seen_at);
        // Came back within minutes of being resolved: reopened and counted, nobody told again.
        const { flaps, last_flap_at: at } = alert.details as { flaps?: unknown; last_flap_at?: unknown };
        if (typeof flaps !== 'number' || flaps < 1 || typeof at !== 'string') return seen;
        return `${seen} · ${t('alerts.flaps', { count: flaps, at: when(at) })}`;
      },
    },
  ];
  if (!canManage) return columns;
  columns.push({
    key: 'actions',
    title: t('common.actions'),
    width: 96,
    fixed: isCompact ? undefined : 'right',
    render: (_, alert) => (
      <RowActions
        actions={[
          {
            key: 'acknowledge',
            label: t('alerts.acknowledge'),
            icon: <EyeOutlined />,
            isLoading: busyId === alert.id,
            onClick: () => onAcknowledge(alert),
            isHidden: alert.status !== 'open',
          },
          {
            key: 'resolve',
            label: t('alerts.resolve'),
            icon: <CheckOutlined />,
            type: 'primary',
            confirm: { title: t('alerts.resolve_confirm'), okText: t('alerts.resolve') },
            onClick: () => onResolve(alert),
            isHidden: alert.status === 'resolved',
          },
        ]}
      />
    ),
  });
  return columns;
}
