import { api, type TPaymentConnectionResult } from '@vitrina/contract';
import { Card, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';
import { FiscalSettingsCard } from '../components/fiscal-settings-card';
import { PaymentSystemForm } from '../components/payment-system-form';

/**
 * `/organization/payment/system`: the data view. It picks the organisation (kept in the URL
 * as `?org_id=`), loads its settings, saves them and runs the connection test; the form only
 * renders what it is given.
 */
export default function PaymentSystemScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const organizations = useOrganizationOptions();
  const items = organizations.data?.items ?? [];
  const fromUrl = Number(searchParams.get('org_id'));
  const orgId =
    items.find((org) => org.id === fromUrl)?.id ?? (items.find((org) => org.access_level === 2) ?? items[0])?.id;
  const accessLevel = items.find((org) => org.id === orgId)?.access_level ?? 1;
  const canEdit = can('edit_payment_system') && accessLevel === 2;

  const settings = useEndpoint(
    api.payment.settings,
    { params: { org_id: orgId ?? 0 } },
    { enabled: orgId !== undefined },
  );
  const update = useEndpointMutation(api.payment.updateSettings);
  const test = useEndpointMutation(api.payment.testConnection);
  const [testResult, setTestResult] = useState<TPaymentConnectionResult | null>(null);

  const tab = searchParams.get('tab') === 'fiscal' ? 'fiscal' : 'payment';
  const chooseOrg = (id: number) => {
    setTestResult(null);
    setSearchParams({ org_id: String(id), tab });
  };
  const chooseTab = (key: string) => setSearchParams({ ...(orgId ? { org_id: String(orgId) } : {}), tab: key });

  const picker = items.length > 1 && (
    <Select
      aria-label={t('fields.organization')}
      style={{ minWidth: 220 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={orgId}
      onChange={chooseOrg}
      options={items.map((org) => ({ value: org.id, label: org.name }))}
    />
  );

  return (
    <>
      <PageHeader title={t('menu.payment_system')} extra={picker} />
      {/* The fiscal provider is the payment system's neighbour: same organisation, same permissions. */}
      <Tabs
        activeKey={tab}
        onChange={chooseTab}
        items={[
          {
            key: 'payment',
            label: t('menu.payment_system'),
            children: (
              <Card style={{ maxWidth: 760 }}>
                {settings.isError ? (
                  <LoadError onRetry={() => void settings.refetch()} />
                ) : !settings.data || orgId === undefined ? (
                  <Skeleton active paragraph={{ rows: 6 }} />
                ) : (
                  <PaymentSystemForm
                    key={`${orgId}-${settings.data.updated_at ?? 'new'}`}
                    settings={settings.data}
                    canEdit={canEdit}
                    isSaving={update.isPending}
                    isTesting={test.isPending}
                    testResult={testResult}
                    onSave={(body, onError) => {
                      setTestResult(null);
                      update.mutate(
                        { params: { org_id: orgId }, body },
                        { onSuccess: () => getMessage().success(t('common.saved')), onError },
                      );
                    }}
                    onTest={() =>
                      test.mutate(
                        { params: { org_id: orgId } },
                        { onSuccess: setTestResult, onError: () => setTestResult(null) },
                      )
                    }
                  />
                )}
              </Card>
            ),
          },
          {
            key: 'fiscal',
            label: t('fiscal.title'),
            children: orgId !== undefined && <FiscalSettingsCard orgId={orgId} canEdit={canEdit} />,
          },
        ]}
      />
    </>
  );
}
