import { z } from 'zod';
import { storableString } from './common.js';

/** Fiscal providers an organisation can choose (DESIGN §8): the built-in test provider; real adapters join it. */
export const FISCAL_PROVIDERS = ['test'] as const;
export type FiscalProviderKind = (typeof FISCAL_PROVIDERS)[number];

/** pending: not registered or not ready yet (§8 "try again in 2 minutes"); ready: fiscalised; failed: retries ran out. */
export const FISCAL_RECEIPT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type FiscalReceiptStatus = (typeof FISCAL_RECEIPT_STATUSES)[number];

/** The longest delay the test provider may be told to take before a receipt is ready. */
export const FISCAL_TEST_DELAY_MAX_SECONDS = 3600;

export const ZFiscalShift = z.object({
  is_open: z.boolean(),
  /** The open shift's number, or the last one's. */
  number: z.number().int().nullable(),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type TFiscalShift = z.infer<typeof ZFiscalShift>;

/** An organisation's fiscal provider as the panel sees it: never a credential in the clear. */
export const ZFiscalSettings = z.object({
  org_id: z.number().int(),
  /** null until someone chooses one; fiscal receipts of the organisation wait until then. */
  provider: z.enum(FISCAL_PROVIDERS).nullable(),
  /** Masked (`••••1234`), or null when none is stored. */
  api_key: z.string().nullable(),
  delay_seconds: z.number().int(),
  /** The shift as last seen (the sale path refuses on a closed one, §8). */
  shift_open: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TFiscalSettings = z.infer<typeof ZFiscalSettings>;

/** An empty or omitted key keeps the stored one, so the masked value never has to be sent back. */
export const ZUpdateFiscalSettings = z.object({
  provider: z.enum(FISCAL_PROVIDERS, { error: 'validation.required' }),
  api_key: storableString().trim().max(256).optional(),
  delay_seconds: z.int().min(0).max(FISCAL_TEST_DELAY_MAX_SECONDS).optional(),
});
export type TUpdateFiscalSettings = z.input<typeof ZUpdateFiscalSettings>;

/** The registered fiscal document, as the customer's receipt shows it. */
export const ZFiscalDocument = z.object({
  number: z.string(),
  fiscal_sign: z.string(),
  /** Where the tax authority's copy can be checked (also drawn as a QR code). */
  url: z.string(),
  registered_at: z.string(),
});
export type TFiscalDocument = z.infer<typeof ZFiscalDocument>;
