import { defineEndpoint } from '../endpoint.js';
import { ZFiscalConnectionResult, ZFiscalSettings, ZFiscalShift, ZUpdateFiscalSettings } from '../resources/fiscal.js';
import { ZOrgIdParam } from '../resources/payment.js';

const tag = 'fiscal';
const viewSettings = ['show_payment_system_setting'] as const;
const editSettings = ['edit_payment_system'] as const;

/**
 * The organisation's fiscal provider (its settings beside the payment system's, with the same
 * permissions) and the shift of its register.
 */
export const fiscalApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/v1/organization/fiscal/system/:org_id',
    tag,
    summary: 'The organisation’s fiscal provider, masked credentials and shift',
    permissions: viewSettings,
    params: ZOrgIdParam,
    response: ZFiscalSettings,
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/system/update/:org_id',
    tag,
    summary: 'Choose the fiscal provider and set its credentials (stored encrypted; an empty one keeps the stored one)',
    permissions: editSettings,
    params: ZOrgIdParam,
    body: ZUpdateFiscalSettings,
    response: ZFiscalSettings,
  }),
  testConnection: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/system/test/:org_id',
    tag,
    summary: 'Sign in to the fiscal provider with the stored credentials and read the shift',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalConnectionResult,
    errors: [409],
  }),
  openShift: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/shift/open/:org_id',
    tag,
    summary: 'Open the fiscal shift of the organisation’s register (Checkbox: waits until the tax service has it)',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalShift,
    errors: [409],
  }),
  closeShift: defineEndpoint({
    method: 'POST',
    path: '/v1/organization/fiscal/shift/close/:org_id',
    tag,
    summary: 'Close the fiscal shift (receipts wait until a shift opens again)',
    permissions: editSettings,
    params: ZOrgIdParam,
    response: ZFiscalShift,
    errors: [409],
  }),
};
