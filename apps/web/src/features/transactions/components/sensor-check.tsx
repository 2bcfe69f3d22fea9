import { CheckCircleOutlined, DatabaseOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import type { TSensorCheck } from '@vitrina/contract';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateUtc } from '../../../lib/format';
import { sensorCheckState } from './sensor-check-state';
import { SensorShelves } from './sensor-shelves';
import { useSensorTexts } from './use-sensor-texts';

/** Each disagreement in words with its numbers, which sensor counted and checked, and the shelves. */
function SensorCheckDetails({ check }: { check: TSensorCheck }) {
  const { t } = useTranslation();
  const texts = useSensorTexts();
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {check.disagreements.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: disagreements have no id; their order is the check's and never changes
          <li key={index}>
            {texts.disagreement(item, check)}
            {item.tags.length > 0 && (
              <div>
                <span className="muted">{t('transactions.sensor_check.tags')}: </span>
                {item.tags.map((code) => (
                  <Tag key={code} style={{ marginInlineEnd: 4 }}>
                    <code style={{ fontSize: 12 }}>{code}</code>
                  </Tag>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      <div className="muted">{texts.roles(check)}</div>
      {check.expected_grams === null && <div className="muted">{t('transactions.sensor_check.no_expected')}</div>}
      {check.shelves.length > 0 && <SensorShelves check={check} grams={texts.grams} />}
    </Space>
  );
}

type AlertProps = {
  check: TSensorCheck;
  /** Opens the line editor; absent when the caller may not correct this sale. */
  onCorrect?: () => void;
  /** The way to send a resolved dispute to the training dataset; absent when the caller may not. */
  datasetAction?: ReactNode;
  /** Whether the caller may open the dataset screen, to find the session sent there. */
  canOpenDataset?: boolean;
};

/** A sentence of the card with a date kept on one line (`<date>` in the text). */
function DatedText({ i18nKey, date, name }: { i18nKey: string; date: string; name?: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ date: formatDateUtc(date), name }}
      components={{ date: <span className="nowrap" /> }}
    />
  );
}

/** The calm note of a resolved dispute: who resolved it and when, and where its evidence went. */
function ResolvedAlert({ check, datasetAction, canOpenDataset }: Omit<AlertProps, 'onCorrect'>) {
  const { t } = useTranslation();
  const name = check.resolved_by_name ?? undefined;
  return (
    <Alert
      type="info"
      showIcon
      icon={<CheckCircleOutlined />}
      title={
        <DatedText
          i18nKey={name ? 'transactions.sensor_check.resolved_by' : 'transactions.sensor_check.resolved'}
          date={check.resolved_at!}
          name={name}
        />
      }
      description={
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <div>{t('transactions.sensor_check.resolved_hint')}</div>
          {check.dataset_at ? (
            <div>
              <DatabaseOutlined />{' '}
              <DatedText i18nKey="transactions.sensor_check.dataset.sent_on" date={check.dataset_at} />
              {canOpenDataset && (
                <>
                  {' · '}
                  <Link to="/product/dataset?type=session">{t('transactions.sensor_check.dataset.open')}</Link>
                </>
              )}
            </div>
          ) : (
            datasetAction && <div>{datasetAction}</div>
          )}
        </Space>
      }
    />
  );
}

/**
 * The top of a sale's card when its sensors disagreed: a warning with the numbers and the way
 * to the correction while the sale waits, a calm note once a correction resolved it.
 */
export function SensorCheckAlert({ check, onCorrect, ...dataset }: AlertProps) {
  const { t } = useTranslation();
  const state = sensorCheckState(check);
  if (state === 'agreed') return null;
  if (state === 'resolved') return <ResolvedAlert check={check} {...dataset} />;
  return (
    <Alert
      type="warning"
      showIcon
      title={<strong>{t('transactions.sensor_check.disputed')}</strong>}
      description={
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <div>{t('transactions.sensor_check.disputed_hint')}</div>
          <SensorCheckDetails check={check} />
          {onCorrect && (
            <Button type="primary" icon={<EditOutlined />} onClick={onCorrect}>
              {t('transactions.sensor_check.go_correct')}
            </Button>
          )}
        </Space>
      }
    />
  );
}

/**
 * The check among the sensor evidence: one line when the sensors agreed; a dispute waiting for
 * the operator points up to its warning; a resolved one keeps its numbers here.
 */
export function SensorCheckEvidence({ check }: { check: TSensorCheck }) {
  const { t } = useTranslation();
  const texts = useSensorTexts();
  const state = sensorCheckState(check);
  if (state === 'agreed') {
    return (
      <div>
        <Typography.Text type="success">
          <CheckCircleOutlined />
        </Typography.Text>{' '}
        {texts.agreement(check)}
      </div>
    );
  }
  if (state === 'disputed') {
    return (
      <div>
        <Typography.Text type="warning">
          <WarningOutlined />
        </Typography.Text>{' '}
        {t('transactions.sensor_check.disputed_above')}
      </div>
    );
  }
  return (
    <div>
      <Typography.Text strong>{t('transactions.sensor_check.disagreed')}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <SensorCheckDetails check={check} />
      </div>
    </div>
  );
}
