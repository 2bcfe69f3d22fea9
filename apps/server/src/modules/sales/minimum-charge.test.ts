import { describe, expect, it } from 'vitest';
import { planTaking } from './minimum-charge.js';

const MINIMUM = 2_500;
const plan = (owedMinor: number, holdMinor: number | null, hasCard = true) =>
  planTaking({ owedMinor, holdMinor, minimumMinor: MINIMUM, hasCard });

describe('taking a sale’s amount when the provider refuses less than its minimum', () => {
  it('captures what the hold covers, and charges a rest that reaches the minimum', () => {
    expect(plan(9_900, 30_000)).toEqual({ captureMinor: 9_900, chargeMinor: 0, isBelowMinimum: false });
    expect(plan(35_000, 30_000)).toEqual({ captureMinor: 30_000, chargeMinor: 5_000, isBelowMinimum: false });
    expect(plan(32_500, 30_000)).toEqual({ captureMinor: 30_000, chargeMinor: 2_500, isBelowMinimum: false });
  });

  it('a sale just above its hold: the capture leaves exactly the minimum to the charge, never a charge below it', () => {
    expect(plan(30_007, 30_000)).toEqual({ captureMinor: 27_507, chargeMinor: 2_500, isBelowMinimum: false });
    // A hold under twice the minimum: the whole amount is charged and the hold let go.
    expect(plan(4_000, 3_000)).toEqual({ captureMinor: 0, chargeMinor: 4_000, isBelowMinimum: false });
  });

  it('below the minimum with a hold or a card: nothing is asked of the provider', () => {
    expect(plan(1_000, 30_000)).toEqual({ captureMinor: 0, chargeMinor: 0, isBelowMinimum: true });
    expect(plan(2_499, null)).toEqual({ captureMinor: 0, chargeMinor: 0, isBelowMinimum: true });
    expect(plan(2_500, null)).toEqual({ captureMinor: 0, chargeMinor: 2_500, isBelowMinimum: false });
  });

  it('without a card the rest is still planned (the settlement says no_card), and nothing owed is nothing to do', () => {
    expect(plan(30_007, 30_000, false)).toEqual({ captureMinor: 30_000, chargeMinor: 7, isBelowMinimum: false });
    expect(plan(1_000, null, false)).toEqual({ captureMinor: 0, chargeMinor: 1_000, isBelowMinimum: false });
    expect(plan(0, 30_000)).toEqual({ captureMinor: 0, chargeMinor: 0, isBelowMinimum: false });
  });
});
