import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api, type Currency, type TFiscalDocument, type TReceipt } from '@vitrina/contract';
import { Alert, Button, Divider, Result, Skeleton, Tag } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { endpointQuery } from '../../../lib/endpoint-query';
import { formatDateUtc } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';

/** §9 "receipt retry 2 minutes": while the fiscal receipt is not ready the page asks again this often. */
const FISCAL_REFRESH_MS = 2 * 60_000;

type RowProps = { label: ReactNode; value: ReactNode; isStrong?: boolean; isText?: boolean };

/** A label and its value; amounts stay on one line, text values (an address, a sign) may wrap. */
function Row({ label, value, isStrong, isText }: RowProps) {
  return (
    <div
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 12,
        padding: '2px 0',
        fontWeight: isStrong ? 600 : undefined,
        fontSize: isStrong ? 16 : undefined,
      }}
    >
      <span style={{ minWidth: 0, flexShrink: isText ? 0 : 1 }}>{label}</span>
      <span
        style={{
          textAlign: 'right',
          minWidth: 0,
          ...(isText ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }),
        }}
      >
        {value}
      </span>
    </div>
  );
}

/** A registered fiscal document: its number, the register's sign where it has one, and the link to check it. */
function FiscalDocument({ document }: { document: TFiscalDocument }) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('receipts.fiscal_number')} value={document.number} isText />
      {document.fiscal_sign && <Row label={t('receipts.fiscal_sign')} value={document.fiscal_sign} isText />}
      <Row label={t('receipts.registered_at')} value={formatDateUtc(document.registered_at)} />
      <a href={document.url} target="_blank" rel="noreferrer noopener">
        {t('receipts.check')}
      </a>
    </>
  );
}

type FiscalBlockProps = {
  fiscal: NonNullable<TReceipt['fiscal']>;
  /** The sale's amount: its receipt's, named when returns follow it. */
  amountMinor: number;
  money: (minor: number) => string;
  /** The receipt the link pointed at (`#fiscal`, `#fiscal-<n>`, from the operator's card), marked. */
  target: string;
};

/** A receipt the link points at: marked, so the eye lands on it among the others. */
const TARGET_STYLE = { background: '#fffbe6', borderRadius: 8, padding: '8px 10px', margin: '0 -10px' };

function FiscalBlock({ fiscal, amountMinor, money, target }: FiscalBlockProps) {
  const { t } = useTranslation();
  const document = fiscal.document;
  const hasReturns = fiscal.returns.length > 0;
  return (
    <section aria-label={t('receipts.fiscal')} data-testid="receipt-fiscal">
      <div style={target === 'fiscal' && hasReturns ? TARGET_STYLE : undefined}>
        {/* Among returns and corrections the sale's own receipt is named too. */}
        {hasReturns && <Row label={<strong>{t('receipts.sale_receipt')}</strong>} value={money(amountMinor)} />}
        {document ? (
          <FiscalDocument document={document} />
        ) : (
          <Alert type="info" showIcon title={t('receipts.not_ready')} data-testid="receipt-fiscal-pending" />
        )}
      </div>
      {fiscal.returns.map((returned, index) => (
        // A sale's return (and correction) receipts have no id on the page; their order is fixed once made.
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          id={`fiscal-${index + 1}`}
          style={{ marginTop: 12, ...(target === `fiscal-${index + 1}` ? TARGET_STYLE : {}) }}
          data-testid={`receipt-fiscal-${returned.kind}`}
        >
          <Row
            label={
              <strong>
                {t(returned.kind === 'correction' ? 'receipts.correction_receipt' : 'receipts.return_receipt')}
              </strong>
            }
            value={money(returned.amount_minor)}
          />
          {/* Without a word a customer reads a correction as a second refund: it is the opposite. */}
          {returned.kind === 'correction' && (
            <div style={{ opacity: 0.65, fontSize: 12, marginBottom: 2 }}>{t('receipts.correction_note')}</div>
          )}
          {returned.document ? (
            <FiscalDocument document={returned.document} />
          ) : (
            <span className="muted">{t('receipts.not_ready')}</span>
          )}
        </div>
      ))}
    </section>
  );
}

function ReceiptBody({ receipt, token, target }: { receipt: TReceipt; token: string; target: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, { currency: receipt.currency as Currency, locale });
  const place = [receipt.micromarket.name, receipt.micromarket.address].filter(Boolean).join(', ');
  return (
    <div>
      {receipt.organization.fiscal_number && (
        <Row label={t('receipts.tax_id')} value={receipt.organization.fiscal_number} />
      )}
      <Row label={t('receipts.micromarket')} value={place} isText />
      <Row label={t('receipts.date')} value={formatDateUtc(receipt.date)} />
      <Divider style={{ margin: '12px 0' }} />
      <ul aria-label={t('receipts.lines')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {receipt.lines.map((line, index) => (
          // Lines have no id of their own on a receipt; their order is the sale's and never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <Row
              label={
                <>
                  <div>{line.name}</div>
                  <small style={{ opacity: 0.65 }}>
                    {t('receipts.quantity_price', { quantity: line.quantity, price: money(line.price_minor) })}
                  </small>
                </>
              }
              value={money(line.total_minor)}
            />
          </li>
        ))}
      </ul>
      <Divider style={{ margin: '12px 0' }} />
      <Row label={t('receipts.subtotal')} value={money(receipt.gross_minor)} />
      {receipt.discount_minor > 0 && <Row label={t('receipts.discount')} value={`−${money(receipt.discount_minor)}`} />}
      {receipt.bonuses_used_minor > 0 && (
        <Row label={t('receipts.bonuses')} value={`−${money(receipt.bonuses_used_minor)}`} />
      )}
      <Row
        label={t('receipts.total')}
        value={<span data-testid="receipt-total">{money(receipt.amount_minor)}</span>}
        isStrong
      />
      <Row
        label={
          <>
            {t('receipts.paid')} <Tag color="success">{t('receipts.status_paid')}</Tag>
            {receipt.is_test && <Tag>{t('receipts.test')}</Tag>}
          </>
        }
        value={money(receipt.paid_minor)}
      />
      {receipt.refunded_minor > 0 && <Row label={t('receipts.refunded')} value={money(receipt.refunded_minor)} />}
      {receipt.fiscal && (
        <div id="fiscal">
          <Divider style={{ margin: '12px 0' }}>{t('receipts.fiscal')}</Divider>
          <FiscalBlock fiscal={receipt.fiscal} amountMinor={receipt.amount_minor} money={money} target={target} />
        </div>
      )}
      <Button
        block
        size="large"
        icon={<FilePdfOutlined />}
        href={`/v1/notauth/receipt/${encodeURIComponent(token)}/pdf?lang=${locale}`}
        style={{ marginTop: 20 }}
      >
        {t('receipts.pdf')}
      </Button>
    </div>
  );
}

/** The customer's receipt of a paid sale, by the unguessable link (public). */
export default function ReceiptScreen() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const receipt = useQuery({
    ...endpointQuery(api.receipt.publicReceipt, { params: { token } }, { isSilent: true }),
    retry: false,
    refetchInterval: (query) => {
      const fiscal = query.state.data?.fiscal;
      return fiscal && fiscal.status !== 'ready' ? FISCAL_REFRESH_MS : false;
    },
  });
  const data = receipt.data;
  // The operator's card links to one receipt of the sale (`#fiscal`, `#fiscal-<n>`): drawn after
  // the answer arrives, so the browser's own jump to the anchor comes too early.
  const target = useLocation().hash.slice(1);
  useEffect(() => {
    if (data && target) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [data, target]);
  return (
    <AuthCard
      title={data ? t('receipts.title', { number: data.number }) : t('receipts.title_plain')}
      subtitle={data?.organization.name ?? ' '}
    >
      {receipt.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {receipt.isError && <Result status="warning" title={t('receipts.not_found')} style={{ padding: '8px 0' }} />}
      {data && <ReceiptBody receipt={data} token={token} target={target} />}
    </AuthCard>
  );
}
