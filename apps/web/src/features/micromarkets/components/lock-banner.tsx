import { LockOutlined } from '@ant-design/icons';
import { api, type TMicromarket } from '@vitrina/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { formatDateUtc, formatRelativeTime } from '../../../lib/format';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';

/**
 * The food-safety lock (`locked_at`): why and since when, and the reset for holders of
 * reset_food_safety_lock. The server refuses (409) while the temperature is out of range;
 * its message stays under the banner as well as in the toast.
 */
export function LockBanner({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  const can = useCan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const reset = useEndpointMutation(api.alert.resetLock, { alsoInvalidates: [api.micromarket.info.tag, 'dashboard'] });
  if (!micromarket.locked_at) return null;
  const since = micromarket.locked_at;
  return (
    <Alert
      type="error"
      showIcon
      icon={<LockOutlined />}
      style={{ marginTop: 12 }}
      data-testid="lock-banner"
      message={t('fleet.lock.title')}
      description={
        <>
          <div>{micromarket.lock_reason ?? t('fleet.lock.no_reason')}</div>
          <div className="muted">
            {t('fleet.lock.since', { at: formatDateUtc(since), ago: formatRelativeTime(since) })}
          </div>
          {refusal && <div role="alert">{refusal}</div>}
          {can('reset_food_safety_lock') && (
            <Button
              style={{ marginTop: 8 }}
              danger
              loading={reset.isPending}
              onClick={() => {
                setRefusal(null);
                reset.mutate(
                  { params: { id: micromarket.id } },
                  {
                    onSuccess: () => getMessage().success(t('fleet.lock.reset_done')),
                    onError: (error) => setRefusal(isApiError(error) && error.status === 409 ? error.message : null),
                  },
                );
              }}
            >
              {t('fleet.lock.reset')}
            </Button>
          )}
        </>
      }
    />
  );
}
