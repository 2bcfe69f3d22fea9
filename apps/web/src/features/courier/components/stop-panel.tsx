import { CarOutlined, EnvironmentOutlined, UnlockOutlined } from '@ant-design/icons';
import { api, type TCourierStop } from '@vitrina/contract';
import { Alert, Button, Card, Input, Radio, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { buildMapsLink } from '../../../lib/format';
import { getMessage } from '../../../lib/notify';
import { ScanInput } from './scan-input';

type TakeOut = 'expired' | 'damaged' | 'return';

/** One stop of the route: get there, open it, load, take out, and the stop's summary. */
export function StopPanel({ stop }: { stop: TCourierStop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useEndpoint(api.courier.stop, { params: { id: stop.id } });
  const open = useEndpointMutation(api.courier.open, { isInvalidating: false });
  const load = useEndpointMutation(api.courier.load);
  const takeOut = useEndpointMutation(api.courier.takeOut);
  const [loading, setLoading] = useState<string[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [leaving, setLeaving] = useState<string[]>([]);
  const [why, setWhy] = useState<TakeOut>('expired');
  const [note, setNote] = useState('');
  const place = stop.address ?? (stop.latitude === null ? null : `${stop.latitude},${stop.longitude}`);
  const parking = stop.courier_latitude === null ? null : `${stop.courier_latitude},${stop.courier_longitude}`;

  const sendLoad = () =>
    load.mutate(
      { params: { id: stop.id }, body: { codes: loading } },
      {
        onSuccess: (answer) => {
          setLoading([]);
          setRefused(answer.refused);
          getMessage().success(t('courier.loaded_n', { count: answer.loaded }));
        },
      },
    );
  const sendTakeOut = () =>
    takeOut.mutate(
      {
        params: { id: stop.id },
        body: {
          codes: leaving,
          action: why === 'return' ? 'remove' : 'write_off',
          reason: note.trim() || t(`courier.why.${why}`),
        },
      },
      {
        onSuccess: (answer) => {
          setLeaving([]);
          setNote('');
          getMessage().success(t('courier.taken_out_n', { count: answer.updated }));
        },
      },
    );

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Card size="small">
        <div style={{ display: 'grid', gap: 8 }}>
          {stop.address && <div>{stop.address}</div>}
          {stop.location_description && <div className="muted">{stop.location_description}</div>}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {place && (
              <Button href={buildMapsLink(place)} target="_blank" icon={<EnvironmentOutlined />}>
                {t('courier.maps')}
              </Button>
            )}
            {parking && (
              <Button href={buildMapsLink(parking)} target="_blank" icon={<CarOutlined />}>
                {t('courier.parking')}
              </Button>
            )}
          </div>
          <Button
            type="primary"
            size="large"
            block
            icon={<UnlockOutlined />}
            loading={open.isPending}
            onClick={() => open.mutate({ params: { id: stop.id } }, { onSuccess: (link) => navigate(link.path) })}
          >
            {t('courier.open_service')}
          </Button>
        </div>
      </Card>

      <Card size="small" title={t('courier.load_title')}>
        <div style={{ display: 'grid', gap: 8 }}>
          <ScanInput label={t('courier.scan_load')} codes={loading} onChange={setLoading} />
          {refused.length > 0 && (
            <Alert type="warning" showIcon message={t('courier.refused', { codes: refused.join(', ') })} />
          )}
          <Button type="primary" block disabled={loading.length === 0} loading={load.isPending} onClick={sendLoad}>
            {t('courier.load_n', { count: loading.length })}
          </Button>
        </div>
      </Card>

      <Card size="small" title={t('courier.take_out_title')}>
        <div style={{ display: 'grid', gap: 8 }}>
          <Radio.Group
            aria-label={t('courier.why_label')}
            value={why}
            onChange={(event) => setWhy(event.target.value)}
            optionType="button"
            options={(['expired', 'damaged', 'return'] as const).map((value) => ({
              value,
              label: t(`courier.why.${value}`),
            }))}
          />
          <ScanInput label={t('courier.scan_take_out')} codes={leaving} onChange={setLeaving} />
          <Input
            aria-label={t('courier.note')}
            placeholder={t('courier.note')}
            value={note}
            maxLength={300}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button danger block disabled={leaving.length === 0} loading={takeOut.isPending} onClick={sendTakeOut}>
            {t(why === 'return' ? 'courier.remove_n' : 'courier.write_off_n', { count: leaving.length })}
          </Button>
        </div>
      </Card>

      <Card size="small" title={t('courier.summary')}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, marginBottom: 12 }}>
          <Statistic title={t('courier.loaded_today')} value={summary.data?.loaded_today ?? 0} />
          <Statistic title={t('courier.written_off_today')} value={summary.data?.written_off_today ?? 0} />
          <Statistic title={t('courier.removed_today')} value={summary.data?.removed_today ?? 0} />
        </div>
        <Table
          size="small"
          rowKey="product_id"
          pagination={false}
          loading={summary.isFetching}
          dataSource={summary.data?.lines}
          locale={{ emptyText: t('courier.nothing_planned') }}
          columns={[
            { key: 'product', title: t('courier.product'), dataIndex: 'product_name' },
            {
              key: 'stock',
              title: t('courier.inside'),
              align: 'right',
              render: (_, line) => `${line.stock} / ${line.par}`,
            },
            { key: 'bring', title: t('courier.still_bring'), dataIndex: 'bring', align: 'right' },
          ]}
        />
      </Card>
    </div>
  );
}
