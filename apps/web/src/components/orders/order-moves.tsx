import { useQueryClient } from '@tanstack/react-query';
import { api, type OrderStatus, type TOrder } from '@vitrina/contract';
import { Button, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAreas, useEndpointMutation } from '../../lib/endpoint-query';
import { useMoney } from '../../lib/money';
import { getMessage } from '../../lib/notify';

/** Moves that take or give back money ask first. */
const CONFIRMED: readonly OrderStatus[] = [1, 6];

/** The buttons of the moves the caller has on this order, with an optional note. */
export function OrderMoves({ order, hasNote = true }: { order: TOrder; hasNote?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  // A refused payment still changes the order (its payment state and reason): read it again.
  const move = useEndpointMutation(api.order.move, {
    onError: () => invalidateAreas(queryClient, [api.order.move.tag]),
  });
  if (order.moves.length === 0) return null;
  const send = (status: OrderStatus) =>
    move.mutate(
      { params: { id: order.id }, body: { status, note } },
      {
        onSuccess: () => {
          setNote('');
          getMessage().success(t('orders.moved'));
        },
      },
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {hasNote && (
        <Input.TextArea
          aria-label={t('orders.note')}
          placeholder={t('orders.note')}
          value={note}
          maxLength={500}
          autoSize={{ minRows: 1, maxRows: 3 }}
          onChange={(event) => setNote(event.target.value)}
        />
      )}
      <Space wrap>
        {order.moves.map((status, index) => {
          const button = (
            <Button
              key={status}
              type={status !== 6 && index === 0 ? 'primary' : 'default'}
              danger={status === 6}
              loading={move.isPending && move.variables?.body.status === status}
              onClick={CONFIRMED.includes(status) ? undefined : () => send(status)}
            >
              {t(`orders.move.${status}`)}
            </Button>
          );
          return CONFIRMED.includes(status) ? (
            <Popconfirm
              key={status}
              title={t(`orders.move_confirm.${status}`, { total: money(order.total_minor, order.currency) })}
              okText={t(`orders.move.${status}`)}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: status === 6 }}
              onConfirm={() => send(status)}
            >
              {button}
            </Popconfirm>
          ) : (
            button
          );
        })}
      </Space>
    </Space>
  );
}
