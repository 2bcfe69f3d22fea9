import type { TSensorCheck } from '@vitrina/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isShelfOff } from './sensor-check-state';

type Shelf = TSensorCheck['shelves'][number];

/**
 * Grams each shelf lost beside what the scales or camera detected leaving it weighs; a shelf
 * beyond tolerance stands out. A tagged item no such sensor placed has no shelf, so the
 * detected grams may add up to less than the counted items weigh.
 */
export function SensorShelves({ check, grams }: { check: TSensorCheck; grams: (value: number) => string }) {
  const { t } = useTranslation();
  // A counted product without a weight leaves the shelves' expected grams short: shown as unknown, never flagged.
  const isWeighed = check.expected_grams !== null;
  const figure = (value: number, shelf: Shelf) =>
    isWeighed && isShelfOff(shelf, check.tolerance_grams) ? (
      <Typography.Text type="warning" strong>
        {grams(value)}
      </Typography.Text>
    ) : (
      grams(value)
    );
  return (
    <div>
      <Table<Shelf>
        size="small"
        rowKey="shelf"
        pagination={false}
        style={{ maxWidth: 560 }}
        dataSource={check.shelves}
        columns={[
          {
            key: 'shelf',
            title: t('transactions.sensor_check.shelf'),
            render: (_, shelf) => (
              <span style={{ whiteSpace: 'nowrap' }}>{t('transactions.evidence.shelf', { number: shelf.shelf })}</span>
            ),
          },
          {
            key: 'measured',
            title: t('transactions.sensor_check.measured'),
            align: 'right',
            render: (_, shelf) => figure(shelf.measured_grams, shelf),
          },
          {
            key: 'expected',
            title: t('transactions.sensor_check.expected'),
            align: 'right',
            render: (_, shelf) => (isWeighed ? figure(shelf.expected_grams, shelf) : '—'),
          },
        ]}
      />
      <div className="muted" style={{ marginTop: 4, maxWidth: 560 }}>
        {t('transactions.sensor_check.expected_hint')}
      </div>
    </div>
  );
}
