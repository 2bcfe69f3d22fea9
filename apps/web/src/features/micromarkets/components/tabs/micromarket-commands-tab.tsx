import {
  CompassOutlined,
  PictureOutlined,
  PoweroffOutlined,
  ScanOutlined,
  TagsOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { api, DEVICE_COMMAND_EXPIRY_MS, type TDeviceCommand, type TSendDeviceCommand } from '@vitrina/contract';
import { Alert, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint } from '../../../../lib/endpoint-query';
import { formatDateUtc } from '../../../../lib/format';
import { useLiveRefetch } from '../../../../lib/live';
import { useCan } from '../../../../lib/permissions';
import { CommandStatusTag } from '../command-status-tag';
import { NeuroBackgroundDialog } from '../neuro-background-dialog';
import { useDeviceCommand } from '../use-device-command';
import type { MicromarketTabProps } from './micromarket-tab-props';

const PER_PAGE = 20;
const RESCAN_MINUTES = DEVICE_COMMAND_EXPIRY_MS.rescan / 60_000;

type Simple = Exclude<TSendDeviceCommand['type'], 'calibrate_shelf'>;

/** What a finished command said: the §8 text the server words (accelerometer), an error, or the result. */
export function commandOutcome(command: TDeviceCommand): string {
  if (command.message) return command.message;
  if (command.error) return command.error;
  if (command.result && Object.keys(command.result).length > 0)
    return Object.entries(command.result)
      .map(([key, value]) => `${key}: ${String(value)}`)
      .join(', ');
  return '';
}

/**
 * Commands to the fridge (send_device_commands and edit access to its organisation) and their
 * history (everyone who sees the card), refreshed live on `micromarket.command`.
 */
export function MicromarketCommandsTab({ micromarket, canEdit }: MicromarketTabProps) {
  const { t } = useTranslation();
  const can = useCan();
  const canSend = canEdit && can('send_device_commands');
  const [page, setPage] = useState(1);
  const [neuroId, setNeuroId] = useState<string | null>(null);
  const history = useEndpoint(api.deviceCommand.history, {
    params: { id: micromarket.id },
    query: { page, per_page: PER_PAGE },
  });
  useLiveRefetch(
    'micromarket.command',
    [api.deviceCommand.history.tag],
    (event) => event.data?.micromarket_id === micromarket.id,
  );
  const { run, outcome, isPending, pendingType } = useDeviceCommand(micromarket.id);
  const items = history.data?.items ?? [];
  const tracked = outcome?.id ? items.find((item) => item.id === outcome.id) : undefined;
  if (history.isError) return <LoadError onRetry={() => history.refetch()} />;

  const button = (
    type: Simple,
    icon: ReactNode,
    extra?: { confirm?: string; onSent?: (c: TDeviceCommand) => void },
  ) => {
    const props = {
      icon,
      disabled: !canSend,
      loading: isPending && pendingType === type,
      'data-command': type,
    };
    const send = () => run({ type }, extra?.onSent);
    const label = t(`fleet.commands.${type}`);
    return extra?.confirm ? (
      <Popconfirm
        key={type}
        title={extra.confirm}
        okText={t('fleet.commands.send')}
        cancelText={t('actions.cancel')}
        onConfirm={send}
      >
        <Button {...props}>{label}</Button>
      </Popconfirm>
    ) : (
      <Button key={type} {...props} onClick={send}>
        {label}
      </Button>
    );
  };

  const trackedText = tracked ? commandOutcome(tracked) : '';
  return (
    <>
      {canSend ? (
        <Space wrap style={{ marginBottom: 12 }}>
          {/* Asks first: an opened door lets anyone at an unattended fridge take from it. */}
          {button('open_door', <UnlockOutlined />, { confirm: t('fleet.commands.open_door_confirm') })}
          {button('rescan', <ScanOutlined />)}
          {button('accelerometer_check', <CompassOutlined />)}
          {button('neuro_background', <PictureOutlined />, { onSent: (command) => setNeuroId(command.id) })}
          {button('update_price_tags', <TagsOutlined />)}
          {button('reboot', <PoweroffOutlined />, { confirm: t('fleet.commands.reboot_confirm') })}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">{t('fleet.commands.view_only')}</Typography.Paragraph>
      )}
      {canSend && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('fleet.commands.hint', { minutes: RESCAN_MINUTES })}
        </Typography.Paragraph>
      )}
      {outcome && (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          data-testid="command-outcome"
          type={
            outcome.isRefused
              ? 'error'
              : tracked?.status === 'failed' || tracked?.status === 'expired'
                ? 'warning'
                : 'info'
          }
          message={
            <Space wrap>
              <strong>{t(`fleet.commands.${outcome.type}`)}</strong>
              <span>{outcome.message}</span>
              {outcome.type === 'rescan' && !outcome.isRefused && (
                <span className="muted">{t('fleet.commands.rescan_wait', { minutes: RESCAN_MINUTES })}</span>
              )}
              {tracked && <CommandStatusTag status={tracked.status} />}
            </Space>
          }
          description={trackedText ? <span data-testid="command-result">{trackedText}</span> : undefined}
        />
      )}
      <div data-testid="command-history">
        <Table<TDeviceCommand>
          rowKey="id"
          size="small"
          className="data-table"
          loading={history.isPending}
          dataSource={items}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('fleet.commands.empty') }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: history.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { key: 'at', title: t('fleet.commands.at'), render: (_, item) => formatDateUtc(item.created_at) },
            {
              key: 'type',
              title: t('fleet.commands.type'),
              render: (_, item) =>
                item.type === 'calibrate_shelf'
                  ? `${t('fleet.commands.calibrate_shelf')} ${String(item.params.shelf ?? '')}`
                  : t(`fleet.commands.${item.type}`),
            },
            {
              key: 'status',
              title: t('fleet.commands.status'),
              render: (_, item) => <CommandStatusTag status={item.status} />,
            },
            {
              key: 'finished',
              title: t('fleet.commands.finished_at'),
              render: (_, item) => (item.finished_at ? formatDateUtc(item.finished_at) : '—'),
            },
            { key: 'outcome', title: t('fleet.commands.outcome'), render: (_, item) => commandOutcome(item) || '—' },
            { key: 'by', title: t('fleet.commands.requested_by'), render: (_, item) => item.requested_by_label ?? '—' },
          ]}
        />
      </div>
      {neuroId && (
        <NeuroBackgroundDialog command={items.find((item) => item.id === neuroId)} onClose={() => setNeuroId(null)} />
      )}
    </>
  );
}
