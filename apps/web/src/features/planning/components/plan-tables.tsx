import { PrinterOutlined } from '@ant-design/icons';
import type { TPickLine, TPlanLine, TPlanMicromarket } from '@vitrina/contract';
import { Card, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One micromarket's lines: what it holds, what it sells, what to take out and bring. */
export function MicromarketPlan({ market, sheetLink }: { market: TPlanMicromarket; sheetLink: string }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="plan-card"
      title={
        <div>
          <div>{market.name}</div>
          {market.address && (
            <div className="muted" style={{ fontWeight: 400, fontSize: 12 }}>
              {market.address}
            </div>
          )}
        </div>
      }
      extra={
        <span>
          {!market.has_planogram && <Tag color="orange">{t('planning.no_planogram')}</Tag>}
          <Tag color={market.bring > 0 ? 'blue' : 'default'}>{t('planning.bring_n', { count: market.bring })}</Tag>
          {market.take_out > 0 && <Tag color="red">{t('planning.take_out_n', { count: market.take_out })}</Tag>}
          {(market.bring > 0 || market.take_out > 0) && (
            <Link to={sheetLink} aria-label={t('planning.sheet.of_micromarket', { name: market.name })}>
              <PrinterOutlined />
            </Link>
          )}
        </span>
      }
    >
      <Table<TPlanLine>
        size="small"
        rowKey="product_id"
        pagination={false}
        dataSource={market.lines}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('planning.nothing_to_do')} /> }}
        columns={[
          { key: 'product', title: t('planning.product'), dataIndex: 'product_name' },
          { key: 'par', title: t('planning.par'), dataIndex: 'par', align: 'right' },
          { key: 'stock', title: t('planning.stock'), dataIndex: 'stock', align: 'right' },
          {
            key: 'expiring',
            title: t('planning.take_out'),
            align: 'right',
            render: (_, line) => (line.expiring > 0 ? <Tag color="red">{line.expiring}</Tag> : 0),
          },
          { key: 'rate', title: t('planning.daily_rate'), dataIndex: 'daily_rate', align: 'right', responsive: ['md'] },
          { key: 'wishes', title: t('planning.wishes'), dataIndex: 'wishes', align: 'right', responsive: ['md'] },
          {
            key: 'bring',
            title: t('planning.bring'),
            align: 'right',
            render: (_, line) => <strong>{line.bring}</strong>,
          },
        ]}
      />
    </Card>
  );
}

/** Products to pick, against what the storage holds (a shortfall is marked). */
export function PickTable({ lines }: { lines: TPickLine[] }) {
  const { t } = useTranslation();
  return (
    <Table<TPickLine>
      size="small"
      rowKey="product_id"
      pagination={false}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('planning.nothing_to_pick') }}
      columns={[
        { key: 'product', title: t('planning.product'), dataIndex: 'product_name' },
        {
          key: 'bring',
          title: t('planning.bring'),
          align: 'right',
          render: (_, line) => <strong>{line.bring}</strong>,
        },
        {
          key: 'storage',
          title: t('planning.in_storage'),
          align: 'right',
          render: (_, line) =>
            line.in_storage < line.bring ? (
              <Tag color="red">
                {t('planning.short', { have: line.in_storage, count: line.bring - line.in_storage })}
              </Tag>
            ) : (
              line.in_storage
            ),
        },
      ]}
    />
  );
}
