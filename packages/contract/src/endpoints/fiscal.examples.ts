import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZFiscalSettings, ZFiscalShift } from '../resources/fiscal.js';
import type { api } from './index.js';

const FISCAL_SETTINGS_EXAMPLE: z.input<typeof ZFiscalSettings> = {
  org_id: 101,
  provider: 'test',
  api_key: 'Api key',
  cashier_login: 'Cashier login',
  cashier_password: 'Cashier password',
  cashier_pin: 'Cashier pin',
  tax_codes: ['Tax code'],
  shift_close_time: 'Shift close time',
  delay_seconds: 1,
  shift_open: true,
  shift_problem: 'Shift problem',
  updated_at: '2026-12-03T09:30:00.000Z',
};

const FISCAL_SHIFT_EXAMPLE: z.input<typeof ZFiscalShift> = {
  is_open: true,
  number: 1,
  opened_at: '2026-12-03T09:30:00.000Z',
  closed_at: '2026-12-03T09:30:00.000Z',
};

export const fiscalExamples: AreaExamples<(typeof api)['fiscal']> = {
  settings: FISCAL_SETTINGS_EXAMPLE,
  updateSettings: FISCAL_SETTINGS_EXAMPLE,
  testConnection: {
    ok: true,
    message: 'Done',
    shift: FISCAL_SHIFT_EXAMPLE,
  },
  openShift: FISCAL_SHIFT_EXAMPLE,
  closeShift: FISCAL_SHIFT_EXAMPLE,
};
