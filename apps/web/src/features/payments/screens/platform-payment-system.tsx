import { api, type TPaymentConnectionResult } from '@vitrina/contract';
import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { PaymentSystemForm } from '../components/payment-system-form';

/**
 * `/organization/payment/platform`: the platform's own payment system (the platform admin's,
 * `edit_platform_payment_system`). Subscription cards are saved and subscription fees charged
 * through it, never through an organisation's account; the form is the organisations' one.
 */
export default function PlatformPaymentSystemScreen() {
  const { t } = useTranslation();
  const settings = useEndpoint(api.platformPayment.settings, undefined);
  const update = useEndpointMutation(api.platformPayment.updateSettings);
  const test = useEndpointMutation(api.platformPayment.testConnection);
  const [testResult, setTestResult] = useState<TPaymentConnectionResult | null>(null);
  return (
    <>
      <PageHeader title={t('menu.platform_payment_system')} />
      <Card style={{ maxWidth: 760 }}>
        <Alert type="info" showIcon title={t('payments.platform_intro')} style={{ marginBottom: 16 }} />
        {settings.isError ? (
          <LoadError onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            {settings.data.provider === null && (
              <Alert
                type="warning"
                showIcon
                title={t('payments.platform_not_configured')}
                style={{ marginBottom: 16 }}
              />
            )}
            <PaymentSystemForm
              key={settings.data.updated_at ?? 'new'}
              settings={settings.data}
              canEdit
              isSaving={update.isPending}
              isTesting={test.isPending}
              testResult={testResult}
              onSave={(body, onError) => {
                setTestResult(null);
                update.mutate({ body }, { onSuccess: () => getMessage().success(t('common.saved')), onError });
              }}
              onTest={() => test.mutate({}, { onSuccess: setTestResult, onError: () => setTestResult(null) })}
            />
          </>
        )}
      </Card>
    </>
  );
}
