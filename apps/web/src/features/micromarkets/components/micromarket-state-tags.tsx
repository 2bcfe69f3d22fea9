import type { TMicromarket } from '@vitrina/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online green, offline grey; the last activity in the tooltip. */
export function ConnectionTag({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  const isOnline = micromarket.connection === 'online';
  return <Tag color={isOnline ? 'success' : 'default'}>{t(`devices.connection.${micromarket.connection}`)}</Tag>;
}

export function DoorTag({ door }: { door: TMicromarket['door'] }) {
  const { t } = useTranslation();
  if (!door) return <span className="muted">—</span>;
  return <Tag color={door === 'open' ? 'warning' : 'default'}>{t(`devices.door.${door}`)}</Tag>;
}

/** Out of the organisation's range is red; defrosting is said beside it. */
export function TemperatureTag({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  if (micromarket.temperature === null) return <span className="muted">—</span>;
  const isOut = micromarket.temperature_state === 'out_of_range';
  const text = `${micromarket.temperature.toFixed(1)} °C`;
  return (
    <Tooltip title={isOut ? t('devices.temperature.out_of_range') : t('devices.temperature.in_range')}>
      <Tag color={isOut ? 'error' : 'processing'}>{text}</Tag>
      {micromarket.defrosting && <Tag color="cyan">{t('devices.defrosting')}</Tag>}
    </Tooltip>
  );
}

export function LockTag({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  const tags = [];
  if (micromarket.locked) {
    tags.push(
      <Tooltip key="locked" title={micromarket.lock_reason}>
        <Tag color="error">{t('devices.locked')}</Tag>
      </Tooltip>,
    );
  }
  if (micromarket.on_maintenance)
    tags.push(
      <Tag key="maintenance" color="purple">
        {t('devices.on_maintenance')}
      </Tag>,
    );
  if (!micromarket.active) tags.push(<Tag key="inactive">{t('devices.inactive')}</Tag>);
  return tags.length > 0 ? tags : null;
}
