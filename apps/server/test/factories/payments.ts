import type { PaymentOperation } from '@vitrina/contract';
import * as repo from '../../src/modules/payments/payments.repository.js';
import { ok, type TestContext } from '../helper.js';
import { createTenant } from './tenant.js';

/** A fresh tenant whose main organisation pays through the test provider, pretending `simulate`. */
export async function orgOnTestProvider(ctx: TestContext, simulate = 'none') {
  const tenant = await createTenant(ctx.database.db);
  const operator = await tenant.token('operator');
  const orgId = tenant.org.main;
  const setSimulation = (value: string) =>
    ok(ctx, operator, `/v1/organization/payment/system/update/${orgId}`, { provider: 'test', simulate: value });
  await setSimulation(simulate);
  return { orgId, setSimulation, operator };
}

/** The ledger row a server killed between its write and the provider's answer leaves behind. */
export function rowLeftInProcess(
  ctx: TestContext,
  values: {
    orgId: number;
    operation: PaymentOperation;
    amountMinor: number;
    idempotencyKey: string;
    now: Date;
    parentId?: number;
    providerReference?: string | null;
    request?: Record<string, unknown>;
  },
) {
  return repo.insertInProcess(ctx.database.db, {
    type: values.operation === 'refund' ? 2 : 1,
    provider: 'test',
    currency: 'UAH',
    parentId: values.parentId ?? null,
    providerReference: values.providerReference ?? null,
    request: values.request ?? {},
    ...values,
  });
}
