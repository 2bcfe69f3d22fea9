import { CreditCardOutlined } from '@ant-design/icons';
import { api, type TSubscriptionDevice, type TSubscriptionInvoice } from '@vitrina/contract';
import { Button, Card, Empty, Form, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardForm } from '../../../components/card-form/card-form';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { callEndpoint } from '../../../lib/api-client';
import { downloadEndpoint } from '../../../lib/download';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { useSession } from '../../../lib/session-context';
import { money } from '../components/money';
import { useOrgChoice } from '../components/org-picker';
import { PaymentsList } from '../components/payments-table';
import { SavedCard } from '../components/saved-card';

/** `/organization/subscription`: devices, card, transactions and invoices of one organisation. */
export default function SubscriptionScreen() {
  const { t } = useTranslation();
  const { orgId, picker } = useOrgChoice();
  return (
    <>
      <PageHeader title={t('menu.subscription')} extra={picker} />
      <Card>
        {orgId !== undefined && (
          <Tabs
            items={[
              { key: 'devices', label: t('subscriptions.tab_devices'), children: <DevicesTab orgId={orgId} /> },
              { key: 'card', label: t('subscriptions.tab_card'), children: <CardTab orgId={orgId} /> },
              {
                key: 'transactions',
                label: t('subscriptions.tab_transactions'),
                children: <PaymentsList orgId={orgId} />,
              },
              { key: 'invoices', label: t('subscriptions.tab_invoices'), children: <InvoicesTab orgId={orgId} /> },
            ]}
          />
        )}
      </Card>
    </>
  );
}

function DevicesTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const devices = useEndpoint(api.subscription.devices, { params: { org_id: orgId } });
  const change = useEndpointMutation(api.subscription.change);
  const act = (id: number, action: 'pause' | 'continue' | 'cancel_auto_billing') =>
    change.mutate({ params: { micromarket_id: id }, body: { action } });
  return (
    <Table<TSubscriptionDevice>
      rowKey="micromarket_id"
      size="small"
      scroll={{ x: 720 }}
      loading={devices.isLoading}
      dataSource={devices.data?.items ?? []}
      pagination={false}
      columns={[
        { title: t('subscriptions.device'), dataIndex: 'name' },
        { title: t('subscriptions.price'), dataIndex: 'price_minor', render: (v: number, r) => money(v, r.currency) },
        {
          title: t('subscriptions.state'),
          dataIndex: 'status',
          render: (v: string | null) => <Tag>{t(`subscriptions.states.${v ?? 'none'}`)}</Tag>,
        },
        {
          title: t('subscriptions.paid_until'),
          dataIndex: 'paid_until',
          render: (v: string | null) => (v ? v.slice(0, 10) : '—'),
        },
        {
          title: t('subscriptions.auto_billing'),
          dataIndex: 'auto_billing',
          render: (v: boolean) => (v ? t('subscriptions.yes') : t('subscriptions.no')),
        },
        {
          key: 'actions',
          render: (_, r) =>
            r.status && (
              <RowActions
                actions={[
                  r.status === 'active'
                    ? { key: 'pause', text: t('subscriptions.pause'), onClick: () => act(r.micromarket_id, 'pause') }
                    : {
                        key: 'continue',
                        text: t('subscriptions.continue'),
                        onClick: () => act(r.micromarket_id, 'continue'),
                      },
                  {
                    key: 'cancel_auto_billing',
                    text: t('subscriptions.cancel_auto_billing'),
                    isDanger: true,
                    onClick: () => act(r.micromarket_id, 'cancel_auto_billing'),
                    isHidden: !r.auto_billing,
                  },
                ]}
              />
            ),
        },
      ]}
    />
  );
}

function CardTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const card = useEndpoint(api.subscription.card, { params: { org_id: orgId } });
  const save = useEndpointMutation(api.subscription.saveCard);
  const remove = useEndpointMutation(api.subscription.removeCard);
  const [isAdding, setIsAdding] = useState(false);
  const saved = card.data?.card;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 520 }}>
      {saved ? (
        <SavedCard card={saved} onRemove={() => remove.mutate({ params: { org_id: orgId } })} />
      ) : (
        <Empty description={t('subscriptions.no_card')} />
      )}
      <Typography.Text type="secondary">{t('subscriptions.card_through_platform')}</Typography.Text>
      {isAdding ? (
        <Form layout="vertical" key={orgId}>
          <CardForm
            start={() => callEndpoint(api.subscription.cardSetup, { params: { org_id: orgId } }, { isSilent: true })}
            submitLabel={t('subscriptions.save_card')}
            isBusy={save.isPending}
            onConfirmed={(setupId) =>
              save.mutate(
                { params: { org_id: orgId }, body: { setup_id: setupId } },
                {
                  onSuccess: () => {
                    getMessage().success(t('subscriptions.card_saved'));
                    setIsAdding(false);
                  },
                },
              )
            }
          />
        </Form>
      ) : (
        <Button type={saved ? 'default' : 'primary'} icon={<CreditCardOutlined />} onClick={() => setIsAdding(true)}>
          {t(saved ? 'subscriptions.replace_card' : 'subscriptions.add_card')}
        </Button>
      )}
    </Space>
  );
}

function InvoicesTab({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const list = useEndpoint(api.subscription.invoices, { query: { org_id: orgId, page, per_page: 20 } });
  const markPaid = useEndpointMutation(api.subscription.markInvoicePaid, {
    alsoInvalidates: ['subscriptions'],
  });
  return (
    <Table<TSubscriptionInvoice>
      rowKey="id"
      size="small"
      scroll={{ x: 640 }}
      loading={list.isLoading}
      dataSource={list.data?.items ?? []}
      pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage }}
      columns={[
        { title: t('subscriptions.invoice'), dataIndex: 'number' },
        { title: t('subscriptions.issued'), dataIndex: 'issued_at', render: (v: string) => v.slice(0, 10) },
        { title: t('subscriptions.amount'), dataIndex: 'amount_minor', render: (v: number, r) => money(v, r.currency) },
        {
          title: t('subscriptions.status'),
          dataIndex: 'status',
          render: (v: string) => (
            <Tag color={v === 'paid' ? 'green' : 'blue'}>{t(`subscriptions.invoice_states.${v}`)}</Tag>
          ),
        },
        {
          key: 'actions',
          render: (_, r) => (
            <RowActions
              actions={[
                {
                  key: 'pdf',
                  text: 'PDF',
                  onClick: () =>
                    void downloadEndpoint(api.subscription.invoicePdf, { params: { id: r.id } }, `${r.number}.pdf`),
                },
                {
                  key: 'mark_paid',
                  text: t('subscriptions.mark_paid'),
                  type: 'primary',
                  onClick: () => markPaid.mutate({ params: { id: r.id } }),
                  isHidden: !(r.status === 'issued' && can('view_all_organizations')),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
