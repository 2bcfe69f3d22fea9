import type { TFiscalSettings, TFiscalShift, ZUpdateFiscalSettings } from '@vitrina/contract';
import type { z } from 'zod';
import type { UserActor } from '../../lib/actor.js';
import type { ServiceContext } from '../../lib/context.js';
import { conflict } from '../../lib/errors.js';
import { maskSecret } from '../../lib/secrets.js';
import { writeAudit } from '../audit/index.js';
import { assertOrganisationExists } from '../payments/index.js';
import * as repo from './fiscal.repository.js';
import type { FiscalShiftState } from './provider.js';
import type { FiscalProviders, StoredFiscalCredentials } from './provider-registry.js';

function present(providers: FiscalProviders, orgId: number, row: repo.FiscalSettingsRow | null): TFiscalSettings {
  const credentials = row ? providers.openCredentials(row) : {};
  return {
    org_id: orgId,
    provider: row?.provider ?? null,
    api_key: credentials.api_key ? maskSecret(credentials.api_key) : null,
    delay_seconds: row?.delaySeconds ?? 0,
    shift_open: row?.shiftOpen ?? false,
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
  return present(providers, orgId, await repo.findFiscalSettings(ctx.db, orgId));
}

/** Chooses the provider and stores its credentials sealed; an empty key keeps the stored one. */
export async function updateFiscalSettings(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
  body: z.output<typeof ZUpdateFiscalSettings>,
): Promise<TFiscalSettings> {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findFiscalSettings(tx, orgId);
    const credentials: StoredFiscalCredentials =
      before && before.provider === body.provider ? providers.openCredentials(before) : {};
    if (body.api_key) credentials.api_key = body.api_key;
    const saved = await repo.saveFiscalSettings(tx, {
      orgId,
      provider: body.provider,
      credentialsSealed: providers.sealCredentials(orgId, credentials),
      delaySeconds: body.delay_seconds ?? before?.delaySeconds ?? 0,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.userId,
    });
    // The audit says whether the key changed, never its value.
    await writeAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'fiscal_settings',
      entityId: orgId,
      orgId,
      before: before ? { provider: before.provider, delay_seconds: before.delaySeconds } : null,
      after: { provider: saved.provider, delay_seconds: saved.delaySeconds, api_key_changed: Boolean(body.api_key) },
    });
    return saved;
  });
  return present(providers, orgId, row);
}

function presentShift(shift: FiscalShiftState): TFiscalShift {
  return {
    is_open: shift.isOpen,
    number: shift.number,
    opened_at: shift.openedAt?.toISOString() ?? null,
    closed_at: shift.closedAt?.toISOString() ?? null,
  };
}

/** Opens or closes the register's shift at the provider and remembers it for the sale path. */
export async function setFiscalShift(
  ctx: ServiceContext,
  providers: FiscalProviders,
  actor: UserActor,
  orgId: number,
  isOpen: boolean,
): Promise<TFiscalShift> {
  actor.scope.assertEditable(orgId);
  await assertOrganisationExists(ctx, orgId);
  const found = await providers.forOrg(ctx.db, orgId);
  if (!found) throw conflict('fiscal.not_configured');
  const shift = isOpen ? await found.provider.openShift() : await found.provider.closeShift();
  await repo.rememberShift(ctx.db, orgId, shift.isOpen);
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
