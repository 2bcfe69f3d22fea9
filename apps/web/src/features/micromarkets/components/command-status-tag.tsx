import type { DeviceCommandStatus } from '@vitrina/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DeviceCommandStatus, string> = {
  queued: 'default',
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  expired: 'warning',
};

export function CommandStatusTag({ status }: { status: DeviceCommandStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(`fleet.command_status.${status}`)}
    </Tag>
  );
}
