import { api } from '@vitrina/contract';
import { Alert, Checkbox, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { money } from './money';
import { useOrgChoice } from './org-picker';

/** The user dropdown's subscribe entry: pick micromarkets and pay by card or invoice. */
export default function SubscribeModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { orgId, picker } = useOrgChoice();
  const devices = useEndpoint(
    api.subscription.devices,
    { params: { org_id: orgId ?? 0 } },
    { enabled: isOpen && orgId !== undefined },
  );
  const subscribe = useEndpointMutation(api.subscription.subscribe);
  const [ids, setIds] = useState<number[]>([]);
  const [method, setMethod] = useState<'card' | 'invoice'>('invoice');
  const [error, setError] = useState<string | null>(null);
  const open = (devices.data?.items ?? []).filter((d) => d.status !== 'active');
  const chosen = open.filter((d) => ids.includes(d.micromarket_id));
  const total = chosen.reduce((sum, d) => sum + d.price_minor, 0);
  return (
    <Modal
      open={isOpen}
      title={t('subscriptions.subscribe_title')}
      okText={t('subscriptions.subscribe')}
      okButtonProps={{ disabled: ids.length === 0, loading: subscribe.isPending }}
      onCancel={onClose}
      onOk={() =>
        orgId !== undefined &&
        subscribe.mutate(
          { params: { org_id: orgId }, body: { micromarket_ids: ids, method } },
          {
            onSuccess: () => {
              getMessage().success(t('subscriptions.subscribed'));
              setIds([]);
              setError(null);
              onClose();
            },
            onError: (e) => setError(e.message),
          },
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {picker}
        {open.length === 0 ? (
          <Alert type="info" message={t('subscriptions.all_subscribed')} />
        ) : (
          <Checkbox.Group
            style={{ display: 'grid', gap: 4 }}
            value={ids}
            onChange={(v) => setIds(v as number[])}
            options={open.map((d) => ({
              value: d.micromarket_id,
              label: `${d.name} — ${money(d.price_minor, d.currency)}`,
            }))}
          />
        )}
        <Radio.Group value={method} onChange={(e) => setMethod(e.target.value)}>
          <Radio value="card">{t('subscriptions.by_card')}</Radio>
          <Radio value="invoice">{t('subscriptions.by_invoice')}</Radio>
        </Radio.Group>
        {chosen.length > 0 && (
          <strong>
            {t('subscriptions.total')}: {money(total, chosen[0]!.currency)}
          </strong>
        )}
        {error && <Alert type="error" message={error} />}
      </Space>
    </Modal>
  );
}
