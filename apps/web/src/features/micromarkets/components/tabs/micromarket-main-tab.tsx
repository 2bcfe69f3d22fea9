import { KeyOutlined } from '@ant-design/icons';
import { api } from '@vitrina/contract';
import { Button, Descriptions, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapsLink } from '../../../../components/external-link';
import { useEndpointMutation } from '../../../../lib/endpoint-query';
import { formatDateUtc, formatRelativeTime } from '../../../../lib/format';
import { formatMoney } from '../../../../lib/money';
import { useCan } from '../../../../lib/permissions';
import { useLocale } from '../../../../lib/use-locale';
import { TokenModal } from '../token-modal';
import type { MicromarketTabProps } from './micromarket-tab-props';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;
const coordinates = (lat: number | null, lng: number | null) => (lat === null || lng === null ? '—' : `${lat}, ${lng}`);

/** Tabs "main" and "extra" of spec §2 as two sections: every field, the maps link and the token. */
export function MicromarketMainTab({ micromarket: item, canEdit, currency }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rotate = useEndpointMutation(api.micromarket.rotateToken);
  const [token, setToken] = useState<string | null>(null);
  const can = useCan();
  const yes = (value: boolean | null) => (value === null ? '—' : value ? t('devices.yes') : t('devices.no'));

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions title={t('devices.tabs.main')} bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('fields.name')}>{item.name}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.serial_number')}>{item.serial_number}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.address')}>
          <MapsLink address={item.address} />
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.active')}>{yes(item.active)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.description')} span={2}>
          {dash(item.description)}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.connection')}>
          {t(`devices.connection.${item.connection}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.last_activity')}>
          {item.last_activity_at ? formatRelativeTime(item.last_activity_at) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.temperature')}>
          {item.temperature === null ? '—' : `${item.temperature.toFixed(1)} °C`}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.defrosting')}>{yes(item.defrosting)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.door')}>
          {item.door ? t(`devices.door.${item.door}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.discount')}>
          {item.discount_percent ? `${item.discount_percent}%` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.created_at')}>{formatDateUtc(item.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.locked')}>
          {item.locked ? `${formatDateUtc(item.locked_at ?? '')} · ${dash(item.lock_reason)}` : t('devices.no')}
        </Descriptions.Item>
      </Descriptions>

      <Descriptions title={t('devices.tabs.extra')} bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('devices.fields.location_description')} span={2}>
          {dash(item.location_description)}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.coordinates')}>
          {coordinates(item.latitude, item.longitude)}
          {item.latitude !== null && can('show_fridge_display') && (
            <Link to={`/device/display?view=map&focus=${item.id}`} style={{ marginInlineStart: 8 }}>
              {t('devices.board.on_fleet_map')}
            </Link>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.courier_coordinates')}>
          {coordinates(item.courier_latitude, item.courier_longitude)}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.country')}>{dash(item.country)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.subscription_price')}>
          {item.subscription_price === null
            ? t('devices.subscription_price_default')
            : formatMoney(item.subscription_price, { currency, locale })}
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.ip')}>{dash(item.ip)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.mac_address')}>{dash(item.mac_address)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.platform')}>{dash(item.platform)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.fields.firmware')}>{dash(item.firmware)}</Descriptions.Item>
        <Descriptions.Item label={t('devices.token.label')} span={2}>
          <Space wrap>
            <span>
              {item.token_issued_at
                ? t('devices.token.issued', { date: formatDateUtc(item.token_issued_at) })
                : t('devices.token.none')}
            </span>
            {canEdit && (
              <Popconfirm
                title={t('devices.token.rotate_confirm')}
                okText={t('devices.token.rotate')}
                cancelText={t('actions.cancel')}
                onConfirm={() =>
                  rotate.mutate({ params: { id: item.id } }, { onSuccess: (answer) => setToken(answer.token) })
                }
              >
                <Button size="small" icon={<KeyOutlined />} loading={rotate.isPending}>
                  {t('devices.token.rotate')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <TokenModal token={token} onClose={() => setToken(null)} />
    </Space>
  );
}
