import {
  DEFAULT_SHIFT_CLOSE_TIME,
  isMessageKey,
  type Locale,
  type MessageKey,
  type TFiscalConnectionResult,
  type TFiscalSettings,
  type TFiscalShift,
  translate,
  type ZUpdateFiscalSettings,
} from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { maskSecret } from '../../lib/secrets.js';
import { writeAudit } from '../audit/index.js';
import { assertOrganisationExists } from '../payments/index.js';
import * as repo from './fiscal.repository.js';
import { FiscalProviderError, type FiscalShiftState } from './provider.js';
import { cashierOf, type FiscalProviders, type StoredFiscalCredentials } from './provider-registry.js';

type UpdateBody = z.output<typeof ZUpdateFiscalSettings>;

/** A stored `key:reason` problem (`fiscal.shift_cannot_open:…`) in the reader's words. */
export function problemText(problem: string | null, locale: Locale): string | null {
  if (!problem) return null;
  const [key = '', ...rest] = problem.split(':');
  return isMessageKey(key) ? translate(key as MessageKey, locale, { reason: rest.join(':') }) : problem;
}

function present(
  providers: FiscalProviders,
  orgId: number,
  row: repo.FiscalSettingsRow | null,
  locale: Locale,
): TFiscalSettings {
  const credentials = row ? providers.openCredentials(row) : {};
  const masked = (value: string | undefined) => (value ? maskSecret(value) : null);
  return {
    org_id: orgId,
    provider: row?.provider ?? null,
    api_key: masked(credentials.api_key),
    cashier_login: credentials.cashier_login ?? null,
    cashier_password: masked(credentials.cashier_password),
    cashier_pin: masked(credentials.cashier_pin),
    tax_codes: row?.taxCodes ?? [],
    shift_close_time: row?.shiftCloseTime ?? DEFAULT_SHIFT_CLOSE_TIME,
    delay_seconds: row?.delaySeconds ?? 0,
    shift_open: row?.shiftOpen ?? false,
    shift_problem: problemText(row?.shiftProblem ?? null, locale),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getFiscalSettings(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
): Promise<TFiscalSettings> {
  actor.scope.assertVisible(orgId);
  await assertOrganisationExists(ctx, orgId);
  return present(providers, orgId, await repo.findFiscalSettings(ctx.db, orgId), actor.locale);
}

/**
 * The stored credentials with the body's changes: an empty secret keeps the stored one; a
 * login given with no password keeps the stored password; a PIN replaces login sign-in and
 * a new login and password replace the PIN (Checkbox signs a cashier in one way or the other).
 */
function mergeCredentials(stored: StoredFiscalCredentials, body: UpdateBody): StoredFiscalCredentials {
  const merged = { ...stored };
  if (body.api_key) merged.api_key = body.api_key;
  if (body.cashier_login !== undefined && body.cashier_login !== '') merged.cashier_login = body.cashier_login;
  if (body.cashier_password) merged.cashier_password = body.cashier_password;
  if (body.cashier_pin) {
    merged.cashier_pin = body.cashier_pin;
  } else if (body.cashier_password) {
    delete merged.cashier_pin;
  }
  return merged;
}

/** Checkbox signs in with the register's license key and a cashier: both must be there once saved. */
function assertComplete(provider: UpdateBody['provider'], credentials: StoredFiscalCredentials) {
  if (provider !== 'checkbox') return;
  const fields: Record<string, MessageKey> = {};
  if (!credentials.api_key) fields.api_key = 'fiscal.license_key_required';
  if (!cashierOf(credentials)) fields.cashier_login = 'fiscal.cashier_required';
  if (Object.keys(fields).length > 0) throw new AppError(400, 'errors.bad_request', {}, fields);
}

/** Chooses the provider and stores its credentials sealed; an empty secret keeps the stored one. */
export async function updateFiscalSettings(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
  body: UpdateBody,
): Promise<TFiscalSettings> {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findFiscalSettings(tx, orgId);
    const stored = before && before.provider === body.provider ? providers.openCredentials(before) : {};
    const credentials = mergeCredentials(stored, body);
    assertComplete(body.provider, credentials);
    const saved = await repo.saveFiscalSettings(tx, {
      orgId,
      provider: body.provider,
      credentialsSealed: providers.sealCredentials(orgId, credentials),
      delaySeconds: body.delay_seconds ?? before?.delaySeconds ?? 0,
      taxCodes: body.tax_codes ?? before?.taxCodes ?? [],
      shiftCloseTime: body.shift_close_time ?? before?.shiftCloseTime ?? DEFAULT_SHIFT_CLOSE_TIME,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.userId,
    });
    // The audit says which secrets changed, never their values.
    const settingsOf = (value: repo.FiscalSettingsRow) => ({
      provider: value.provider,
      delay_seconds: value.delaySeconds,
      tax_codes: value.taxCodes,
      shift_close_time: value.shiftCloseTime,
    });
    await writeAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'fiscal_settings',
      entityId: orgId,
      orgId,
      before: before ? settingsOf(before) : null,
      after: {
        ...settingsOf(saved),
        api_key_changed: Boolean(body.api_key),
        cashier_changed: Boolean(body.cashier_login || body.cashier_password || body.cashier_pin),
      },
    });
    return saved;
  });
  return present(providers, orgId, row, actor.locale);
}

/** A provider's refusal of a shift or a sign-in, as the operator reads it. */
function errorKey(error: FiscalProviderError, isOpening = true): MessageKey {
  if (error.kind === 'credentials') return 'fiscal.credentials_refused';
  if (error.kind === 'unavailable') return 'fiscal.provider_unavailable';
  return isOpening ? 'fiscal.shift_cannot_open' : 'fiscal.shift_cannot_close';
}

function presentShift(shift: FiscalShiftState): TFiscalShift {
  return {
    is_open: shift.isOpen,
    number: shift.number,
    opened_at: shift.openedAt?.toISOString() ?? null,
    closed_at: shift.closedAt?.toISOString() ?? null,
  };
}

async function registerOf(ctx: ServiceContext, providers: FiscalProviders, actor: UserActor, orgId: number) {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const found = await providers.forOrg(ctx.db, orgId);
  if (!found) throw conflict('fiscal.not_configured');
  return found;
}

/**
 * Opens or closes the register's shift at the provider on the operator's word and remembers
 * it for the sale path (a shift that could not be opened answers 409 with the provider's words).
 */
export async function setFiscalShift(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
  isOpen: boolean,
): Promise<TFiscalShift> {
  const { provider } = await registerOf(ctx, providers, actor, orgId);
  const now = ctx.clock.now();
  let shift: FiscalShiftState;
  try {
    shift = isOpen ? await provider.openShift() : await provider.closeShift();
  } catch (error) {
    if (!(error instanceof FiscalProviderError)) throw error;
    const key = errorKey(error, isOpen);
    if (isOpen && (error.kind === 'shift_closed' || error.kind === 'credentials')) {
      await repo.rememberShift(ctx.db, orgId, { isOpen: false, problem: `${key}:${error.reason}`, at: now });
    }
    throw new AppError(409, key, { reason: error.reason });
  }
  await repo.rememberShift(ctx.db, orgId, { isOpen: shift.isOpen, at: now });
  await writeAudit(ctx.db, actor, {
    action: 'update',
    entity: 'fiscal_shift',
    entityId: orgId,
    orgId,
    before: null,
    after: { is_open: shift.isOpen, number: shift.number },
  });
  return presentShift(shift);
}

/** "Test connection": a fresh sign-in with the stored credentials and the shift as the provider has it. */
export async function testFiscalConnection(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
): Promise<TFiscalConnectionResult> {
  const { provider } = await registerOf(ctx, providers, actor, orgId);
  try {
    return { ok: true, message: null, shift: presentShift(await provider.testConnection()) };
  } catch (error) {
    if (!(error instanceof FiscalProviderError)) throw error;
    return { ok: false, message: translate(errorKey(error), actor.locale, { reason: error.reason }), shift: null };
  }
}
