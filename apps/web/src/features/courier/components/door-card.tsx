import { CarOutlined, EnvironmentOutlined, UnlockOutlined } from '@ant-design/icons';
import type { TCourierStop } from '@vitrina/contract';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildMapsLink } from '../../../lib/format';
import type { DoorPhase } from './use-door-opening';

const ALERT_OF: Record<Exclude<DoorPhase, 'idle'>, 'info' | 'success' | 'warning' | 'error'> = {
  opening: 'info',
  open: 'warning',
  closed: 'success',
  failed: 'error',
};

/** Where the stop is, and the one tap that opens it for service with what the door is doing now. */
export function DoorCard(props: { stop: TCourierStop; phase: DoorPhase; isSending: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { stop, phase } = props;
  const place = stop.address ?? (stop.latitude === null ? null : `${stop.latitude},${stop.longitude}`);
  const parking = stop.courier_latitude === null ? null : `${stop.courier_latitude},${stop.courier_longitude}`;
  const isBusy = phase === 'opening' || phase === 'open';
  return (
    <Card size="small">
      <div style={{ display: 'grid', gap: 8 }}>
        {stop.address && <div>{stop.address}</div>}
        {stop.location_description && <div className="muted">{stop.location_description}</div>}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {place && (
            <Button href={buildMapsLink(place)} target="_blank" icon={<EnvironmentOutlined />}>
              {t('courier.maps')}
            </Button>
          )}
          {parking && (
            <Button href={buildMapsLink(parking)} target="_blank" icon={<CarOutlined />}>
              {t('courier.parking')}
            </Button>
          )}
        </div>
        {phase !== 'idle' && (
          <Alert
            type={ALERT_OF[phase]}
            showIcon
            title={t(`courier.door_phase.${phase}`)}
            description={t(`courier.door_phase_hint.${phase}`)}
          />
        )}
        <Button
          type="primary"
          size="large"
          block
          icon={<UnlockOutlined />}
          loading={props.isSending}
          disabled={isBusy}
          onClick={props.onOpen}
        >
          {t('courier.open_service')}
        </Button>
      </div>
    </Card>
  );
}
