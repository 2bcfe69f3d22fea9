import { NEURO_BACKGROUND_TIMING, type TDeviceCommand } from '@vitrina/contract';
import { Alert, Button, Modal, Progress, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from './command-status-tag';

const WAIT_S = NEURO_BACKGROUND_TIMING.openWaitMs / 1000;

/** Where the §9 sequence is: from the command's state and a client timer started when it reached the fridge. */
export function neuroPhase(command: TDeviceCommand | undefined, elapsedMs: number | null) {
  if (!command || command.status === 'queued') return { step: 0, remainingS: WAIT_S, state: 'waiting' as const };
  if (command.status === 'acknowledged') return { step: 4, remainingS: 0, state: 'done' as const };
  if (command.status === 'failed' || command.status === 'expired')
    return { step: 0, remainingS: WAIT_S, state: 'error' as const };
  const elapsed = elapsedMs ?? 0;
  if (elapsed < NEURO_BACKGROUND_TIMING.beepMs) return { step: 0, remainingS: WAIT_S, state: 'running' as const };
  const waited = elapsed - NEURO_BACKGROUND_TIMING.beepMs;
  if (waited < NEURO_BACKGROUND_TIMING.openWaitMs) {
    const remainingS = Math.ceil((NEURO_BACKGROUND_TIMING.openWaitMs - waited) / 1000);
    return { step: waited < 2_000 ? 1 : 2, remainingS, state: 'running' as const };
  }
  return { step: 3, remainingS: 0, state: 'running' as const };
}

/**
 * Neuro background (§9): after the beep open the door, wait 20 s, close it. The fridge runs
 * the sequence; the dialog walks the operator through it and shows the countdown.
 */
export function NeuroBackgroundDialog({
  command,
  onClose,
}: {
  command: TDeviceCommand | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const isSent = command?.status === 'sent';
  useEffect(() => {
    if (isSent && startedAt === null) setStartedAt(Date.now());
  }, [isSent, startedAt]);
  useEffect(() => {
    if (!isSent) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [isSent]);
  const phase = neuroPhase(command, startedAt === null ? null : now - startedAt);
  const status = phase.state === 'error' ? 'error' : phase.state === 'done' ? 'finish' : 'process';

  return (
    <Modal
      open
      title={t('fleet.neuro.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('fleet.neuro.close')}
        </Button>
      }
    >
      <p>{t('fleet.neuro.intro', { seconds: WAIT_S })}</p>
      <Steps
        direction="vertical"
        size="small"
        current={phase.step}
        status={status}
        items={[
          { title: t('fleet.neuro.step_beep') },
          { title: t('fleet.neuro.step_open') },
          {
            title: t('fleet.neuro.step_wait', { seconds: WAIT_S }),
            description:
              phase.step === 2 ? (
                <div data-testid="neuro-countdown">
                  <Progress
                    percent={Math.round(((WAIT_S - phase.remainingS) / WAIT_S) * 100)}
                    format={() => t('fleet.neuro.seconds_left', { seconds: phase.remainingS })}
                  />
                </div>
              ) : undefined,
          },
          { title: t('fleet.neuro.step_close') },
        ]}
      />
      {command && (
        <div style={{ marginTop: 8 }}>
          <CommandStatusTag status={command.status} />
        </div>
      )}
      {phase.state === 'waiting' && <Alert type="info" showIcon message={t('fleet.neuro.waiting')} />}
      {phase.state === 'done' && <Alert type="success" showIcon message={t('fleet.neuro.done')} />}
      {phase.state === 'error' && (
        <Alert type="error" showIcon message={command?.error ?? t(`fleet.command_status.${command?.status}`)} />
      )}
    </Modal>
  );
}
