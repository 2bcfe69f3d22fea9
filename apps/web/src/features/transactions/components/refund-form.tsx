import {
  api,
  REFUND_REASON_MAX,
  type TRefundTransaction,
  type TTransactionCard,
  type TTransactionPaymentResult,
  translate,
  ZRefundTransaction,
} from '@vitrina/contract';
import { AutoComplete, Button, InputNumber, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { fromMinor, toMinor } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';
import { translateIssue } from '../../../lib/zod-form';
import { RefundConfirm, type RefundPreview } from './refund-confirm';
import { type RefundErrors as Errors, errorsOf, NO_ERRORS } from './refund-errors';
import { RefundLinePicker, unitsLeft } from './refund-line-picker';
import { useMoney } from './use-money';
import './refund-form.css';

type Props = { sale: TTransactionCard; onResult: (result: TTransactionPaymentResult) => void };
type Mode = 'lines' | 'amount';

/** The common reasons offered; the operator may type any other. */
const COMMON_REASONS = ['missing', 'damaged', 'charged_twice', 'wrong_price', 'goodwill'] as const;

/**
 * A refund by products (how many of each, priced by what the customer paid) or by amount,
 * with a reason, confirmed before anything is sent. One idempotency key per filled-in form: a
 * double click or a resent request refunds once; a new key is made after each answer.
 */
export function RefundForm({ sale, onResult }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const locale = useLocale();
  const refundable = sale.actions.refundable_minor;
  const hasProducts = sale.lines.some((line) => unitsLeft(line) > 0 && line.price_minor > 0);
  const [mode, setMode] = useState<Mode>(hasProducts ? 'lines' : 'amount');
  const [units, setUnits] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState<number | null>(fromMinor(refundable));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [preview, setPreview] = useState<RefundPreview | null>(null);
  const [sent, setSent] = useState<{ line_id: number }[]>([]);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const refund = useEndpointMutation(api.transaction.refund, {
    onSuccess: (result) => {
      setKey(crypto.randomUUID());
      setPreview(null);
      onResult(result);
    },
    onError: (error) => {
      setPreview(null);
      if (isApiError(error)) setErrors(errorsOf(error.fields, sent));
    },
  });

  if (!sale.actions.can_refund) return <span className="muted">{t('transactions.payment.nothing_to_refund')}</span>;

  const chosen = sale.lines.filter((line) => (units[line.id] ?? 0) > 0);
  const worth = chosen.reduce((total, line) => total + line.price_minor * units[line.id]!, 0);
  const linesTotal = Math.min(worth, refundable);
  const body: TRefundTransaction =
    mode === 'lines'
      ? {
          lines: chosen.map((line) => ({ line_id: line.id, quantity: units[line.id]! })),
          amount_minor: linesTotal,
          reason,
          idempotency_key: key,
        }
      : { amount_minor: toMinor(amount), reason, idempotency_key: key };
  const isEmpty = mode === 'lines' ? chosen.length === 0 : !amount;

  /** The contract's checks and what the card already knows (what is left), then the confirmation. */
  const review = () => {
    const lines = body.lines ?? [];
    const parsed = ZRefundTransaction.safeParse(body);
    const fields: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        fields[issue.path.join('.')] ??= translateIssue(issue.message, { locale, t });
    }
    lines.forEach((asked, index) => {
      const left = unitsLeft(sale.lines.find((line) => line.id === asked.line_id)!);
      if (asked.quantity > left)
        fields[`lines.${index}.quantity`] = translate('transaction.refund_line_too_many', locale, { left });
    });
    if (mode === 'amount' && toMinor(amount) > refundable) {
      fields.amount_minor = translate('transaction.refund_too_much', locale, { max: money(refundable, sale.currency) });
    }
    const found = errorsOf(fields, lines);
    setErrors(found);
    if (Object.keys(fields).length > 0) return;
    setSent(lines);
    setPreview({
      currency: sale.currency,
      lines: chosen.map((line) => ({
        id: line.id,
        name: line.name,
        quantity: units[line.id]!,
        sumMinor: line.price_minor * units[line.id]!,
      })),
      totalMinor: body.amount_minor!,
      isCapped: mode === 'lines' && worth > linesTotal,
      reason: reason.trim(),
    });
  };
  const change = (next: () => void) => {
    next();
    setErrors(NO_ERRORS);
  };

  return (
    <div className="refund-form">
      <Typography.Text>
        {t('transactions.payment.refund_hint', { amount: money(refundable, sale.currency) })}
      </Typography.Text>
      <Radio.Group
        optionType="button"
        value={mode}
        onChange={(event) => change(() => setMode(event.target.value as Mode))}
        options={[
          { value: 'lines', label: t('transactions.refund.by_products'), disabled: !hasProducts },
          { value: 'amount', label: t('transactions.refund.by_amount') },
        ]}
      />
      {mode === 'lines' ? (
        <div>
          <RefundLinePicker
            sale={sale}
            units={units}
            onChange={(next) => change(() => setUnits(next))}
            errors={errors.lines}
          />
          {errors.fields.lines && (
            <Typography.Text type="danger" className="refund-form__field-error">
              {errors.fields.lines}
            </Typography.Text>
          )}
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            {t('transactions.refund.total')}: <strong>{money(linesTotal, sale.currency)}</strong>
            {worth > linesTotal && (
              <span className="muted">
                {' '}
                · {t('transactions.refund.capped', { amount: money(linesTotal, sale.currency) })}
              </span>
            )}
          </Typography.Paragraph>
        </div>
      ) : (
        <div>
          <Space wrap>
            <InputNumber
              aria-label={t('transactions.payment.refund_amount')}
              min={0.01}
              precision={2}
              step={1}
              status={errors.fields.amount_minor ? 'error' : undefined}
              value={amount}
              onChange={(value) => change(() => setAmount(value))}
              addonAfter={sale.currency}
            />
            <Button onClick={() => change(() => setAmount(fromMinor(refundable)))}>
              {t('transactions.payment.refund_full')}
            </Button>
          </Space>
          {errors.fields.amount_minor && (
            <Typography.Text type="danger" className="refund-form__field-error">
              {errors.fields.amount_minor}
            </Typography.Text>
          )}
        </div>
      )}
      <div>
        <Typography.Text>{t('transactions.refund.reason')}</Typography.Text>
        <AutoComplete
          aria-label={t('transactions.refund.reason')}
          placeholder={t('transactions.refund.reason_placeholder')}
          value={reason}
          maxLength={REFUND_REASON_MAX}
          onChange={(value: string) => change(() => setReason(value))}
          options={COMMON_REASONS.map((name) => ({ value: t(`transactions.refund.reasons.${name}`) }))}
          // Only the common reasons that fit what is typed; Enter keeps the operator's own words.
          filterOption={(typed, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(typed.trim().toLowerCase())
          }
          defaultActiveFirstOption={false}
          status={errors.fields.reason ? 'error' : undefined}
          style={{ display: 'block', width: '100%', marginTop: 4 }}
        />
        {errors.fields.reason && (
          <Typography.Text type="danger" className="refund-form__field-error">
            {errors.fields.reason}
          </Typography.Text>
        )}
      </div>
      {mode === 'lines' && errors.fields.amount_minor && (
        <Typography.Text type="danger">{errors.fields.amount_minor}</Typography.Text>
      )}
      <div>
        <Button type="primary" danger disabled={isEmpty} loading={refund.isPending} onClick={review}>
          {t('transactions.payment.refund_submit')}
        </Button>
      </div>
      <RefundConfirm
        preview={preview}
        isSending={refund.isPending}
        onConfirm={() => refund.mutate({ params: { id: sale.id }, body })}
        onCancel={() => setPreview(null)}
      />
    </div>
  );
}
