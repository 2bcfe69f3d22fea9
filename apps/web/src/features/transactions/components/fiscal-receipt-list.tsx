import type { TTransactionFiscalReceipt } from '@vitrina/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../components/external-link';
import { formatDateUtc } from '../../../lib/format';
import { useMoney } from './use-money';
import './fiscal-receipts.css';

const STATUS_COLORS = { pending: 'blue', ready: 'green', failed: 'red' } as const;

type ListProps = {
  receipts: readonly TTransactionFiscalReceipt[];
  currency: string;
  /** The sale receipt was never queued (no row yet): a line says so in its place. */
  isSaleUnqueued: boolean;
  /** Under the sale receipt: "register now", when it failed or was never queued. */
  saleAction?: ReactNode;
};

/** Every fiscal receipt of the sale, in order: the sale's, then each refund's return and the corrections. */
export function FiscalReceiptList({ receipts, currency, isSaleUnqueued, saleAction }: ListProps) {
  const { t } = useTranslation();
  return (
    <ol className="fiscal-receipts" aria-label={t('transactions.receipt.fiscal_list')}>
      {isSaleUnqueued && (
        <li className="fiscal-receipt" aria-label={t('transactions.receipt.kind.sale')}>
          <div className="fiscal-receipt__head">
            <strong>{t('transactions.receipt.kind.sale')}</strong>
            <span className="muted">{t('transactions.receipt.not_queued')}</span>
          </div>
          {saleAction}
        </li>
      )}
      {receipts.map((receipt) => (
        <FiscalReceiptItem
          key={receipt.id}
          receipt={receipt}
          currency={currency}
          action={receipt.kind === 'sale' ? saleAction : undefined}
        />
      ))}
    </ol>
  );
}

type ItemProps = { receipt: TTransactionFiscalReceipt; currency: string; action?: ReactNode };

function FiscalReceiptItem({ receipt, currency, action }: ItemProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const { kind, status, refund, problem, document } = receipt;
  const kindText = t(`transactions.receipt.kind.${kind}`);
  return (
    <li className="fiscal-receipt" aria-label={kindText}>
      <div className="fiscal-receipt__head">
        <strong>{kindText}</strong>
        <Tag color={STATUS_COLORS[status]}>{t(`transactions.receipt.status.${status}`)}</Tag>
        <span className="fiscal-receipt__amount">{money(receipt.amount_minor, currency)}</span>
      </div>
      {refund && (
        <div>
          {/* The refund's time, as the refunds above show it, kept on one line. */}
          <Trans
            i18nKey={kind === 'correction' ? 'transactions.receipt.corrects' : 'transactions.receipt.for_refund'}
            values={{ at: formatDateUtc(refund.at) }}
            components={{ at: <span className="nowrap" /> }}
          />
        </div>
      )}
      {problem && (
        <div className={status === 'failed' ? 'fiscal-receipt__problem--failed' : 'fiscal-receipt__problem'}>
          {`${t('transactions.receipt.problem')}: ${problem}`}
        </div>
      )}
      {document && (
        <div className="fiscal-receipt__document">
          {[
            t('transactions.receipt.number', { number: document.number }),
            document.fiscal_sign,
            formatDateUtc(document.registered_at),
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      )}
      <div className="fiscal-receipt__links">
        {document?.url && <ExternalLink href={document.url}>{t('transactions.receipt.check')}</ExternalLink>}
        {receipt.receipt_url && (
          <ExternalLink href={receipt.receipt_url}>{t('transactions.receipt.page')}</ExternalLink>
        )}
        {status !== 'ready' && (
          <span className="muted">{t('transactions.receipt.attempts', { count: receipt.attempts })}</span>
        )}
      </div>
      {action}
    </li>
  );
}
