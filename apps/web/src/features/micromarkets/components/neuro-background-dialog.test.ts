import type { TDeviceCommand } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { neuroPhase } from './neuro-background-dialog';

const command = (status: TDeviceCommand['status']) => ({ status }) as TDeviceCommand;

describe('neuroPhase (§9: beep, open, wait 20 s, close)', () => {
  it('waits while the command has not reached the fridge', () => {
    expect(neuroPhase(undefined, null).state).toBe('waiting');
    expect(neuroPhase(command('queued'), null)).toMatchObject({ step: 0, state: 'waiting' });
  });
  it('walks beep → open → 20 s countdown → close by the client timer once sent', () => {
    expect(neuroPhase(command('sent'), 500)).toMatchObject({ step: 0, remainingS: 20 });
    expect(neuroPhase(command('sent'), 1_500)).toMatchObject({ step: 1, remainingS: 20 });
    expect(neuroPhase(command('sent'), 11_000)).toMatchObject({ step: 2, remainingS: 10 });
    expect(neuroPhase(command('sent'), 21_500)).toMatchObject({ step: 3, remainingS: 0 });
  });
  it('ends with the command: done when acknowledged, an error when failed or expired', () => {
    expect(neuroPhase(command('acknowledged'), 5_000)).toMatchObject({ step: 4, state: 'done' });
    expect(neuroPhase(command('failed'), 5_000).state).toBe('error');
    expect(neuroPhase(command('expired'), null).state).toBe('error');
  });
});
