import { z } from 'zod';
import { storableString } from './common.js';

/**
 * Fiscal providers an organisation can choose (DESIGN §8): the built-in test provider, and
 * Checkbox (the Ukrainian software cash register, PRRO).
 */
export const FISCAL_PROVIDERS = ['test', 'checkbox'] as const;
export type FiscalProviderKind = (typeof FISCAL_PROVIDERS)[number];

/** pending: not registered or not ready yet (§8 "try again in 2 minutes"); ready: fiscalised; failed: retries ran out. */
export const FISCAL_RECEIPT_STATUSES = ['pending', 'ready', 'failed'] as const;

/** The longest delay the test provider may be told to take before a receipt is ready. */
export const FISCAL_TEST_DELAY_MAX_SECONDS = 3600;
/** When a register that opens its own shifts closes the day's, unless the organisation says otherwise. */
export const DEFAULT_SHIFT_CLOSE_TIME = '23:50';

/**
 * A register's tax group (Checkbox: the tax's numeric code or its letter, as set up in its
 * cabinet); a product has at most two (VAT and excise).
 */
export const ZTaxCodes = z
  .array(
    storableString()
      .trim()
      .regex(/^[0-9A-Za-zА-ЩЬЮЯҐЄІЇа-щьюяґєії]{1,8}$/u, { error: 'validation.tax_code' }),
  )
  .max(2, { error: 'validation.tax_codes_max' });

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
  /** Masked (`••••1234`), or null when none is stored. Checkbox: the cash register's license key. */
  api_key: z.string().nullable(),
  /** Checkbox's cashier: the login in the clear, the password and PIN masked; null when not stored. */
  cashier_login: z.string().nullable(),
  cashier_password: z.string().nullable(),
  cashier_pin: z.string().nullable(),
  /** The tax groups of products that name none of their own; empty: goods are not taxed. */
  tax_codes: z.array(z.string()),
  /** `HH:MM` on the organisation's clock: Checkbox's shift is closed then, daily, and reopened the next day. */
  shift_close_time: z.string(),
  delay_seconds: z.number().int(),
  /** The shift as last seen (the sale path refuses on a closed one, §8). */
  shift_open: z.boolean(),
  /** Why the register could not open a shift when it last tried, translated; null when nothing stands in the way. */
  shift_problem: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type TFiscalSettings = z.infer<typeof ZFiscalSettings>;

/**
 * An empty or omitted secret (key, password, PIN) keeps the stored one, so a masked value
 * never has to be sent back. Checkbox needs the license key and a cashier (login and
 * password, or PIN); the server checks that against what is stored.
 */
export const ZUpdateFiscalSettings = z.object({
  provider: z.enum(FISCAL_PROVIDERS, { error: 'validation.required' }),
  api_key: storableString().trim().max(256).optional(),
  cashier_login: storableString().trim().max(128).optional(),
  cashier_password: storableString().max(128).optional(),
  cashier_pin: storableString()
    .trim()
    .regex(/^(\d{4,16})?$/, { error: 'validation.pin_code' })
    .optional(),
  tax_codes: ZTaxCodes.optional(),
  shift_close_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' })
    .optional(),
  delay_seconds: z.int().min(0).max(FISCAL_TEST_DELAY_MAX_SECONDS).optional(),
});
export type TUpdateFiscalSettings = z.input<typeof ZUpdateFiscalSettings>;

/** The registered fiscal document, as the customer's receipt shows it. */
export const ZFiscalDocument = z.object({
  number: z.string(),
  /** The register's signature of the document, where it has one (Checkbox's receipts carry none). */
  fiscal_sign: z.string().nullable(),
  /** Where the tax authority's copy can be checked (also drawn as a QR code). */
  url: z.string(),
  registered_at: z.string(),
});
export type TFiscalDocument = z.infer<typeof ZFiscalDocument>;

/** "Test connection": whether the provider takes the stored credentials, and its shift as it answered. */
export const ZFiscalConnectionResult = z.object({
  ok: z.boolean(),
  /** Why the provider refused or could not be reached, in the caller's language; null when ok. */
  message: z.string().nullable(),
  shift: ZFiscalShift.nullable(),
});
export type TFiscalConnectionResult = z.infer<typeof ZFiscalConnectionResult>;
