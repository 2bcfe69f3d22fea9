import type { TTransactionCard } from '@vitrina/contract';
import { Button, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoney } from './use-money';

type Line = TTransactionCard['lines'][number];

/** What of a line is still refundable: its units less those given back or being given back. */
export const unitsLeft = (line: Line) => line.quantity - line.refunded_quantity;

type Props = {
  sale: TTransactionCard;
  /** Units to refund per line id. */
  units: Record<number, number>;
  onChange: (units: Record<number, number>) => void;
  /** An error under a line, by line id. */
  errors: Record<number, string>;
};

/**
 * The sale's products, each with what is left of it to refund and how many to refund now.
 * An operator's number above what is left stays as typed and is refused with the line named,
 * never cut down to what is left.
 */
export function RefundLinePicker({ sale, units, onChange, errors }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const lines = sale.lines.filter((line) => line.quantity > 0);
  const allLeft = () =>
    onChange(
      Object.fromEntries(lines.filter((line) => line.price_minor > 0).map((line) => [line.id, unitsLeft(line)])),
    );

  return (
    <div className="refund-lines">
      {lines.map((line) => {
        const left = unitsLeft(line);
        const isFree = line.price_minor === 0;
        return (
          <div key={line.id} className="refund-lines__row">
            <div className="refund-lines__product">
              <Typography.Text strong>{line.name}</Typography.Text>
              <div className="muted" style={{ fontSize: 12 }}>
                {t('transactions.refund.each', { price: money(line.price_minor, sale.currency) })}
                {' · '}
                {left === 0
                  ? t('transactions.refund.all_refunded')
                  : t('transactions.refund.left', { left, quantity: line.quantity })}
              </div>
            </div>
            <div className="refund-lines__pick">
              <InputNumber
                aria-label={t('transactions.refund.quantity_of', { name: line.name })}
                min={0}
                precision={0}
                disabled={left === 0 || isFree}
                status={errors[line.id] ? 'error' : undefined}
                value={units[line.id] ?? 0}
                onChange={(value) => onChange({ ...units, [line.id]: value ?? 0 })}
                addonAfter={`/ ${left}`}
                style={{ width: 128 }}
              />
              {errors[line.id] && (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {errors[line.id]}
                </Typography.Text>
              )}
            </div>
          </div>
        );
      })}
      <Button size="small" onClick={allLeft}>
        {t('transactions.refund.all_left')}
      </Button>
    </div>
  );
}
