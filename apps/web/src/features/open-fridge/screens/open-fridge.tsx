import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  api,
  type Currency,
  OPEN_FORM_MAX_SHELVES,
  OPEN_PROGRESS_WINDOW_MS,
  type OpenLinkKind,
  type TOpenFridgeForm,
  type TOpenProgress,
} from '@vitrina/contract';
import { Alert, Button, Form, Input, InputNumber, Result, Skeleton, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { CardForm, type CardFormHandle } from '../../../components/card-form/card-form';
import { ContractForm } from '../../../components/contract-form';
import { callEndpoint } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { applyServerErrors } from '../../../lib/form-errors';
import type { FormValues } from '../../../lib/form-values';
import { formatMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';
import { isBankRedirect, leaveForBank, takeReturnedForm } from '../lib/bank-return';

/**
 * The body of an opening without what the page adds itself (the card's setup and the attempt,
 * the payment method): a shelf's weight box may be left empty, and only the filled ones are sent.
 */
type Values = Partial<
  Omit<FormValues<typeof api.openLink.courierOpen>, 'weights' | 'setup_id' | 'attempt' | 'payment_method'>
> & { weights?: (number | null)[] };

/** `datetime-local` is the phone's own picker; its local time goes to the server as UTC. */
const toIso = (value?: string | null) => (value ? new Date(value).toISOString() : '');

const POLL_MS = 2000;
const POLL_FOR_MS = 90_000;
const FINAL = new Set(['acknowledged', 'failed', 'expired']);

/** What the purchase came to once the door closed and it was settled: the amount taken and the receipt. */
function SaleResult({ sale }: { sale: NonNullable<TOpenProgress['sale']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = formatMoney(sale.amount_minor, { currency: sale.currency as Currency, locale });
  const outcome = sale.payment_status === 1 ? 'paid' : sale.payment_status === 3 ? 'nothing' : 'not_paid';
  return (
    <Alert
      type={outcome === 'not_paid' ? 'error' : 'success'}
      showIcon
      style={{ marginTop: 16 }}
      title={t(`open.sale.${outcome}`, { amount })}
      description={sale.receipt_path ? <a href={sale.receipt_path}>{t('open.sale.receipt')}</a> : undefined}
      data-testid="open-sale"
    />
  );
}

/**
 * Follows the door command until the device answers or it expires (polling stops after
 * 90 s); a purchase is followed on until its sale is settled, within the progress window.
 */
function DoorProgress({ command, isPurchase }: { command: string; isPurchase: boolean }) {
  const { t } = useTranslation();
  const [startedAt] = useState(() => Date.now());
  const progress = useEndpoint(
    api.openLink.progress,
    { params: { command } },
    {
      retry: false,
      refetchInterval: (query) => {
        const data = query.state.data;
        const elapsed = Date.now() - startedAt;
        if (data?.status === 'failed' || data?.status === 'expired' || data?.sale) return false;
        if (data?.status === 'acknowledged') return isPurchase && elapsed < OPEN_PROGRESS_WINDOW_MS ? POLL_MS : false;
        return elapsed > POLL_FOR_MS ? false : POLL_MS;
      },
    },
  );
  const status = progress.data?.status;
  if (!status) return null;
  const type = status === 'acknowledged' ? 'success' : status === 'failed' || status === 'expired' ? 'warning' : 'info';
  return (
    <>
      <Alert
        type={type}
        showIcon
        icon={FINAL.has(status) ? undefined : <Spin size="small" />}
        title={t(`open.progress.${status}`)}
        data-testid="open-progress"
      />
      {progress.data?.sale && <SaleResult sale={progress.data.sale} />}
      {isPurchase && status === 'acknowledged' && !progress.data?.sale && (
        // The sale is settled once the door closes (§9: processing may take up to 1 minute).
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={t('open.processing')}
          data-testid="open-processing"
        />
      )}
    </>
  );
}

/**
 * The open-micromarket form (§2) a customer or a courier reaches by a link's QR code. The
 * server checks the required fields (§5 message) and answers the door's §8 text.
 */
export default function OpenFridgeScreen({ kind }: { kind: OpenLinkKind }) {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const endpoints =
    kind === 'courier'
      ? { info: api.openLink.courierInfo, open: api.openLink.courierOpen }
      : { info: api.openLink.customerInfo, open: api.openLink.customerOpen };
  const info = useEndpoint(endpoints.info, { params: { token } }, { retry: false });
  // The refusal shows under the form (below), so the call raises no toast of the same text.
  const open = useEndpointMutation(endpoints.open, { isInvalidating: false, call: { isSilent: true } });
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The buyer's card, saved for this purchase by a setup (Stripe.js, or the test provider's form).
  const card = useRef<CardFormHandle>(null);

  const isPurchase = kind === 'customer';
  // Back from the bank's 3-D Secure page: the same form, the same attempt, sent once more.
  const [returned] = useState(() => (isPurchase ? takeReturnedForm(token, window.location.search) : null));

  const submit = async (values: Values) => {
    setRefusal(null);
    const setupId = isPurchase ? await card.current?.confirm() : undefined;
    if (isPurchase && !setupId) return;
    const body: TOpenFridgeForm = {
      ...(setupId ? { setup_id: setupId, attempt: crypto.randomUUID() } : {}),
      name: values.name ?? '',
      phone: values.phone ?? '',
      profession: values.profession ?? '',
      email: values.email ?? '',
      weights: (values.weights ?? []).filter((grams): grams is number => typeof grams === 'number'),
      open_at: toIso(values.open_at),
      close_at: toIso(values.close_at),
      notes: values.notes ?? '',
      items_count: values.items_count ?? null,
    };
    send(body);
  };

  const send = (body: TOpenFridgeForm) => {
    open.mutate(
      { params: { token }, body },
      {
        onSuccess: (answer) => {
          if (isBankRedirect(answer)) leaveForBank(token, body, answer.redirect_url);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          setRefusal(isApiError(error) ? error.message : t('common.load_failed'));
          if (isApiError(error) && error.status === 404) info.refetch();
          // Refused (the card declined, the door not free): the next try saves the card anew.
          if (isApiError(error) && error.status === 409) card.current?.reset();
        },
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, when the page comes back from the bank.
  useEffect(() => {
    if (returned) send(returned);
  }, [returned]);
  const opened = open.data && !isBankRedirect(open.data) ? open.data : null;
  // Back from the bank refused (declined there): the form as the buyer filled it, for another card.
  const initialValues: Values = {
    weights: returned?.weights ?? [],
    ...(returned
      ? {
          name: returned.name,
          phone: returned.phone,
          profession: returned.profession ?? undefined,
          email: returned.email ?? undefined,
          notes: returned.notes ?? undefined,
          items_count: returned.items_count ?? null,
        }
      : {}),
  };
  const isAtBank = Boolean(returned && !open.isError && !opened) || Boolean(open.data && isBankRedirect(open.data));

  const title = t(kind === 'courier' ? 'open.title_courier' : 'open.title_customer');
  const subtitle = info.data ? [info.data.micromarket_name, info.data.address].filter(Boolean).join(' · ') : ' ';
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {info.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {info.isError && (
        <Result
          status="warning"
          title={isApiError(info.error) && info.error.status === 429 ? info.error.message : t('open.link_invalid')}
          style={{ padding: '8px 0' }}
        />
      )}
      {info.data && opened && (
        <>
          <Result status="success" title={opened.message} subTitle={t('open.done')} style={{ padding: '8px 0' }} />
          <DoorProgress command={opened.command_id} isPurchase={isPurchase} />
        </>
      )}
      {info.data && isAtBank && (
        <Alert type="info" showIcon icon={<Spin size="small" />} title={t('open.bank_check')} />
      )}
      {info.data && !opened && !isAtBank && (
        <ContractForm form={form} onFinish={submit} initialValues={initialValues} className="open-fridge-form">
          {info.data.refusal && (
            <Alert type="warning" showIcon title={info.data.refusal} style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="name" label={`${t('open.name')} *`}>
            <Input autoComplete="name" size="large" />
          </Form.Item>
          <Form.Item name="phone" label={`${t('open.phone')} *`}>
            <Input autoComplete="tel" inputMode="tel" type="tel" size="large" />
          </Form.Item>
          <Form.Item name="profession" label={t('open.profession')}>
            <Input autoComplete="organization-title" size="large" />
          </Form.Item>
          <Form.Item name="email" label={t('open.email')}>
            <Input autoComplete="email" inputMode="email" type="email" size="large" />
          </Form.Item>
          <Form.Item label={t('open.weights')}>
            <Form.List name="weights">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <div key={field.key} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                      <Form.Item name={field.name} noStyle>
                        <InputNumber
                          min={0}
                          max={1_000_000}
                          inputMode="numeric"
                          size="large"
                          style={{ flex: 1 }}
                          placeholder={t('open.shelf', { n: index + 1 })}
                          aria-label={t('open.shelf', { n: index + 1 })}
                          suffix="g"
                        />
                      </Form.Item>
                      <Button
                        size="large"
                        icon={<MinusCircleOutlined />}
                        aria-label={`− ${t('open.shelf', { n: index + 1 })}`}
                        onClick={() => remove(field.name)}
                      />
                    </div>
                  ))}
                  {fields.length < OPEN_FORM_MAX_SHELVES && (
                    <Button block size="large" type="dashed" icon={<PlusOutlined />} onClick={() => add(null)}>
                      {t('open.add_shelf')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Form.Item name="open_at" label={t('open.open_at')} style={{ flex: '1 1 150px' }}>
              <Input type="datetime-local" size="large" />
            </Form.Item>
            <Form.Item name="close_at" label={t('open.close_at')} style={{ flex: '1 1 150px' }}>
              <Input type="datetime-local" size="large" />
            </Form.Item>
          </div>
          <Form.Item name="items_count" label={t('open.items_count')}>
            <InputNumber min={0} inputMode="numeric" size="large" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="notes" label={t('open.notes')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          {isPurchase && !info.data.refusal && (
            <CardForm
              ref={card}
              isRequired
              start={() => callEndpoint(api.card.openSetup, { params: { token } }, { isSilent: true })}
            />
          )}
          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block size="large" loading={open.isPending}>
            {t('open.submit')}
          </Button>
        </ContractForm>
      )}
    </AuthCard>
  );
}
