import { api, type TCourierStop } from '@vitrina/contract';
import { Alert, Button, Card, Input, Radio, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { getMessage } from '../../../lib/notify';
import { DoorCard } from './door-card';
import { ScanInput } from './scan-input';
import { StopLines } from './stop-lines';
import { useDoorOpening } from './use-door-opening';
import { VisitCard } from './visit-card';

type TakeOut = 'expired' | 'damaged' | 'return';

/**
 * One stop of the route: get there, open it with one tap, see what to bring and take out,
 * load and take out by scan; when the door closes the courier is back here with what the
 * visit put in and took out.
 */
export function StopPanel({ stop }: { stop: TCourierStop }) {
  const { t } = useTranslation();
  const summary = useEndpoint(api.courier.stop, { params: { id: stop.id } });
  const door = useDoorOpening({ id: stop.id, door: summary.data?.door ?? stop.door });
  const load = useEndpointMutation(api.courier.load);
  const takeOut = useEndpointMutation(api.courier.takeOut);
  const [loading, setLoading] = useState<string[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [leaving, setLeaving] = useState<string[]>([]);
  const [why, setWhy] = useState<TakeOut>('expired');
  const [note, setNote] = useState('');
  // The door closed: back to the top of the stop, where the visit's result is.
  useEffect(() => {
    if (door.phase === 'closed') window.scrollTo({ top: 0 });
  }, [door.phase]);
  const visit = summary.data?.last_visit;

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
      <DoorCard stop={stop} phase={door.phase} isSending={door.isSending} onOpen={door.openDoor} />
      {visit && (door.phase === 'closed' || door.phase === 'idle') && <VisitCard visit={visit} />}

      <Card size="small" title={t('courier.to_do')}>
        <StopLines lines={summary.data?.lines} isLoading={summary.isPending} />
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
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
          <Statistic title={t('courier.loaded_today')} value={summary.data?.loaded_today ?? 0} />
          <Statistic title={t('courier.written_off_today')} value={summary.data?.written_off_today ?? 0} />
          <Statistic title={t('courier.removed_today')} value={summary.data?.removed_today ?? 0} />
        </div>
      </Card>
    </div>
  );
}
