import { expect } from 'vitest';
import { PaymentProviderError } from '../../src/modules/payments/provider.js';

/** The PaymentProviderError a provider call is expected to fail with. */
export async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}
