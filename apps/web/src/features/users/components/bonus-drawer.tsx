import { api, type TBonusHistoryItem, type TUserListItem } from '@vitrina/contract';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContractForm } from '../../../components/contract-form';
import { LoadError } from '../../../components/load-error';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatDateUtc } from '../../../lib/format';
import { fromMinor, toMinor, useMoney } from '../../../lib/money';

type Props = { user: TUserListItem | null; onClose: () => void };

/** A customer's bonus account: the balance, top up or withdraw with a reason, and the ledger. */
export function BonusDrawer({ user, onClose }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      title={user ? t('users.balance.title', { name: user.name }) : ''}
      open={user !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      destroyOnHidden
    >
      {user && <BonusAccount userId={user.id} />}
    </Drawer>
  );
}

const PER_PAGE = 10;

function BonusAccount({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const history = useEndpoint(
    api.user.bonuses,
    { params: { id: userId }, query: { page, per_page: PER_PAGE } },
    { staleTime: 0 },
  );
  if (history.isError) return <LoadError onRetry={() => history.refetch()} />;
  const data = history.data;
  const currency = data?.currency ?? '';
  const amount = (row: TBonusHistoryItem) => `${row.operation === 1 ? '+' : '−'}${money(row.amount_minor, currency)}`;
  const operation = (row: TBonusHistoryItem) =>
    row.operation === 1 ? (
      <Tag color="green">{t('users.balance.top_up')}</Tag>
    ) : (
      <Tag color="volcano">{t('users.balance.withdraw')}</Tag>
    );
  const reason = (row: TBonusHistoryItem) =>
    row.transaction_id === null ? (
      row.reason
    ) : (
      <>
        {row.reason === 'purchase' ? t('users.balance.purchase') : row.reason}{' '}
        <Link to={`/device/transaction/${row.transaction_id}`}>
          {t('users.balance.sale', { id: row.transaction_id })}
        </Link>
      </>
    );
  const by = (row: TBonusHistoryItem) =>
    row.created_by_name ?? <span className="muted">{t('users.balance.automatic')}</span>;
  // On a phone each operation is one cell: amount and type, the reason, then when and by whom.
  const columns: ColumnsType<TBonusHistoryItem> = isMobile
    ? [
        {
          key: 'operation',
          title: t('users.balance.operation'),
          render: (_, row) => (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <span>
                <strong>{amount(row)}</strong> {operation(row)}
              </span>
              <span>{reason(row)}</span>
              <span className="muted">
                {formatDateUtc(row.created_at)} · {by(row)}
              </span>
            </div>
          ),
        },
      ]
    : [
        { key: 'date', title: t('users.balance.date'), render: (_, row) => formatDateUtc(row.created_at) },
        { key: 'operation', title: t('users.balance.operation'), render: (_, row) => operation(row) },
        { key: 'amount', title: t('users.balance.amount'), align: 'right', render: (_, row) => amount(row) },
        { key: 'reason', title: t('users.balance.reason'), render: (_, row) => reason(row) },
        { key: 'by', title: t('users.balance.by'), render: (_, row) => by(row) },
      ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Statistic
        title={t('users.balance.current')}
        value={data ? money(data.balance_minor, data.currency) : '…'}
        valueStyle={{ fontVariantNumeric: 'tabular-nums' }}
      />
      {data &&
        (data.can_change ? (
          <BonusChangeForm
            userId={userId}
            balanceMinor={data.balance_minor}
            currency={data.currency}
            onBooked={() => setPage(1)}
          />
        ) : (
          <Alert type="info" showIcon message={t('users.balance.view_only')} />
        ))}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('users.balance.history')}
      </Typography.Title>
      <Table<TBonusHistoryItem>
        className="data-table"
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={data?.items}
        loading={history.isFetching}
        locale={{ emptyText: history.isPending ? ' ' : t('users.balance.history_empty') }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </div>
  );
}

type ChangeValues = { operation: 1 | 2; amount_minor: number | null; reason: string };

/**
 * Top up or withdraw, with a required reason. One idempotency key per filled-in form: a
 * double click books once; a new key is made after each answer.
 */
function BonusChangeForm(props: { userId: number; balanceMinor: number; currency: string; onBooked: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [form] = Form.useForm<ChangeValues>();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const operation = Form.useWatch('operation', form) ?? 1;
  const change = useEndpointMutation(api.user.changeBonuses, {
    // The list shows the balance too.
    alsoInvalidates: ['users'],
    onSuccess: () => {
      setKey(crypto.randomUUID());
      form.resetFields();
      props.onBooked();
    },
    onError: (error) => applyServerErrors(form, error),
  });
  const submit = (values: ChangeValues) =>
    change.mutate({
      params: { id: props.userId },
      body: {
        operation: values.operation,
        amount_minor: toMinor(values.amount_minor),
        reason: values.reason ?? '',
        idempotency_key: key,
      },
    });
  return (
    <ContractForm<ChangeValues>
      form={form}
      initialValues={{ operation: 1, amount_minor: null, reason: '' }}
      onFinish={submit}
    >
      <Form.Item name="operation" label={t('users.balance.operation')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 1, label: t('users.balance.top_up') },
            { value: 2, label: t('users.balance.withdraw') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount_minor"
        label={t('users.balance.amount')}
        extra={
          operation === 2
            ? t('users.balance.withdraw_max', { amount: money(props.balanceMinor, props.currency) })
            : undefined
        }
      >
        <InputNumber
          min={0.01}
          max={operation === 2 ? fromMinor(props.balanceMinor) : undefined}
          precision={2}
          step={1}
          addonAfter={props.currency}
          style={{ width: '100%', maxWidth: 260 }}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('users.balance.reason')}>
        <Input.TextArea maxLength={500} rows={2} placeholder={t('users.balance.reason_placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} danger={operation === 2}>
        {operation === 2 ? t('users.balance.withdraw') : t('users.balance.top_up')}
      </Button>
    </ContractForm>
  );
}
