import type { TSaleSession, TTransactionCard } from '@vitrina/contract';
import { Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateUtc } from '../../../lib/format';
import { SensorCheckEvidence } from './sensor-check';

type WeightRow = { shelf: number; before: number | null; after: number | null };

/** Grams per shelf before and after, by shelf number; a shelf without a scale shows a dash. */
function weightRows(session: TSaleSession): WeightRow[] {
  const count = Math.max(session.weights_before?.length ?? 0, session.weights_after?.length ?? 0);
  return Array.from({ length: count }, (_, index) => ({
    shelf: index + 1,
    before: session.weights_before?.[index] ?? null,
    after: session.weights_after?.[index] ?? null,
  }));
}

const grams = (value: number | null) => (value === null ? '—' : value.toLocaleString());

function SessionEvidence({ session }: { session: TSaleSession }) {
  const { t } = useTranslation();
  const weights = weightRows(session);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <div className="muted">
        {t('transactions.evidence.session')}: {formatDateUtc(session.opened_at)} →{' '}
        {session.closed_at ? formatDateUtc(session.closed_at) : '…'}
      </div>
      <div>
        <Typography.Text strong>{t('transactions.evidence.taken_tags')}</Typography.Text>
        <div style={{ marginTop: 4 }}>
          {session.taken_tags.length === 0 ? (
            <span className="muted">{t('transactions.evidence.no_tags')}</span>
          ) : (
            session.taken_tags.map((code) => (
              <Tag key={code}>
                <code style={{ fontSize: 12 }}>{code}</code>
              </Tag>
            ))
          )}
        </div>
      </div>
      <div>
        <Typography.Text strong>{t('transactions.evidence.detections')}</Typography.Text>
        <Table
          size="small"
          rowKey={(_, index) => String(index)}
          pagination={false}
          dataSource={session.detections}
          locale={{ emptyText: t('transactions.evidence.no_detections') }}
          columns={[
            {
              key: 'product',
              title: t('transactions.lines.product'),
              render: (_, row) => row.product_name ?? (row.product_id ? `#${row.product_id}` : '—'),
            },
            { key: 'quantity', title: t('transactions.evidence.quantity'), render: (_, row) => row.quantity },
            {
              key: 'source',
              title: t('transactions.evidence.source'),
              render: (_, row) => t(`transactions.source.${row.source}`, { defaultValue: row.source }),
            },
            {
              key: 'shelf',
              title: t('transactions.evidence.shelf', { number: '' }).trim(),
              render: (_, row) => row.shelf ?? '—',
            },
          ]}
        />
      </div>
      <div>
        <Typography.Text strong>{t('transactions.evidence.weights')}</Typography.Text>
        <Table<WeightRow>
          size="small"
          rowKey="shelf"
          pagination={false}
          dataSource={weights}
          locale={{ emptyText: t('transactions.evidence.no_weights') }}
          columns={[
            { key: 'shelf', title: '', render: (_, row) => t('transactions.evidence.shelf', { number: row.shelf }) },
            {
              key: 'before',
              title: t('transactions.evidence.before'),
              align: 'right',
              render: (_, row) => grams(row.before),
            },
            {
              key: 'after',
              title: t('transactions.evidence.after'),
              align: 'right',
              render: (_, row) => grams(row.after),
            },
            {
              key: 'difference',
              title: t('transactions.evidence.difference'),
              align: 'right',
              render: (_, row) =>
                row.before === null || row.after === null ? '—' : (row.after - row.before).toLocaleString(),
            },
          ]}
        />
      </div>
    </Space>
  );
}

/** The door session's sensor evidence and the micromarket's events while the door was open. */
export function SaleEvidence({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {sale.sensor_check && <SensorCheckEvidence check={sale.sensor_check} />}
      {sale.session ? (
        <SessionEvidence session={sale.session} />
      ) : (
        <span className="muted">{t('transactions.evidence.no_session')}</span>
      )}
      <div>
        <Typography.Text strong>{t('transactions.card.events')}</Typography.Text>
        {sale.events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transactions.evidence.no_events')} />
        ) : (
          <Timeline
            style={{ marginTop: 12 }}
            items={sale.events.map((event) => ({
              key: event.id,
              children: (
                <>
                  {t(`devices.history.kinds.${event.kind}`, { defaultValue: event.kind })}{' '}
                  <span className="muted">{formatDateUtc(event.at)}</span>
                  {event.actor_label && <span className="muted"> · {event.actor_label}</span>}
                </>
              ),
            }))}
          />
        )}
      </div>
    </Space>
  );
}

export function SaleBonuses({ sale }: { sale: TTransactionCard }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={sale.bonuses}
      columns={[
        {
          key: 'operation',
          title: t('transactions.bonus.operation'),
          render: (_, row) => t(`transactions.bonus_operation.${row.operation === 1 ? 'top_up' : 'withdraw'}`),
        },
        {
          key: 'amount',
          title: t('transactions.bonus.amount'),
          align: 'right',
          render: (_, row) => (row.amount_minor / 100).toFixed(2),
        },
        { key: 'reason', title: t('transactions.bonus.reason'), render: (_, row) => row.reason },
        { key: 'created', title: t('transactions.bonus.created'), render: (_, row) => formatDateUtc(row.created_at) },
      ]}
    />
  );
}
