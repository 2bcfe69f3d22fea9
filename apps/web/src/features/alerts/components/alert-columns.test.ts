import type { TAlert } from '@vitrina/contract';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type RowAction, RowActions } from '../../../components/row-actions';
import { buildAlertColumns } from './alert-columns';

const t = ((key: string) => key) as TFunction;
const alertOf = (status: TAlert['status']) => ({ id: 7, status }) as TAlert;

function actionsCell(status: TAlert['status'], busyId: number | null = null) {
  const onAcknowledge = vi.fn();
  const onResolve = vi.fn();
  const columns = buildAlertColumns({
    t,
    sort: undefined,
    canManage: true,
    isCompact: false,
    busyId,
    onAcknowledge,
    onResolve,
  });
  const column = columns.find((entry) => entry.key === 'actions') as {
    render: (v: unknown, row: TAlert, i: number) => ReactElement;
  };
  const cell = column.render(undefined, alertOf(status), 0) as ReactElement<{ actions: RowAction[] }>;
  const shown = (cell.props.actions ?? []).filter((action) => !action.isHidden);
  return { cell, shown, onAcknowledge, onResolve };
}

describe('the alerts’ actions cell', () => {
  it('is the shared RowActions, not a cell of its own', () => {
    expect(actionsCell('open').cell.type).toBe(RowActions);
  });

  it('offers acknowledge and a confirmed resolve on an open alert, resolve alone once acknowledged, nothing when resolved', () => {
    const open = actionsCell('open', 7);
    expect(open.shown.map((action) => [action.key, action.label, Boolean(action.confirm)])).toEqual([
      ['acknowledge', 'alerts.acknowledge', false],
      ['resolve', 'alerts.resolve', true],
    ]);
    expect(open.shown[0]?.isLoading).toBe(true);
    open.shown[0]?.onClick();
    open.shown[1]?.onClick();
    expect(open.onAcknowledge).toHaveBeenCalledTimes(1);
    expect(open.onResolve).toHaveBeenCalledTimes(1);
    expect(actionsCell('acknowledged').shown.map((action) => action.key)).toEqual(['resolve']);
    expect(actionsCell('resolved').shown).toEqual([]);
  });
});
