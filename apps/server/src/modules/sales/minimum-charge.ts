/**
 * The sale's error code when what is owed is below the payment provider's minimum charge: not
 * taken, and not the customer's debt either (the sales gate does not hold it against them).
 * A documented small-amount loss (docs/decisions/064-stripe-money-flows.md, "Amounts below the minimum").
 */
export const BELOW_MINIMUM = 'amount_below_minimum';

/**
 * The provider's own refusal of an amount below its minimum (Stripe: `amount_too_small`). The
 * adapter's table is exact for currencies Stripe lists; a charge in another currency must
 * convert to the settlement currency's minimum at the day's rate, so the provider may still
 * refuse it: the same write-off as one foreseen (`BELOW_MINIMUM`), never the customer's debt.
 */
export const PROVIDER_AMOUNT_TOO_SMALL = 'amount_too_small';

/** Why a capture or charge the provider refused left the sale unpaid: its code, a small amount as `BELOW_MINIMUM`. */
export function refusalCode(providerCode: string | null): string {
  if (providerCode === PROVIDER_AMOUNT_TOO_SMALL) return BELOW_MINIMUM;
  return providerCode ?? 'payment_failed';
}

/** What to capture from the hold and what to charge to the saved card, or that it cannot be taken. */
export type TakingPlan = { captureMinor: number; chargeMinor: number; isBelowMinimum: boolean };

/**
 * How a sale's amount owed is taken when the provider refuses any capture or charge below its
 * minimum (`minimumMinor`, in the sale's currency):
 * - covered by the hold: captured, if at least the minimum;
 * - above the hold: the hold captured and the rest charged, if the rest is at least the
 *   minimum; else the capture leaves exactly the minimum to the charge (captures owed − minimum),
 *   and when even that capture would be below the minimum (a hold under twice the minimum)
 *   the whole amount is charged and the hold let go;
 * - no hold: charged, if at least the minimum.
 * Below the minimum with no other way is `isBelowMinimum`: nothing is asked of the provider.
 * Without a saved card the charge part is still planned: the settlement says `no_card`.
 */
export function planTaking(options: {
  owedMinor: number;
  /** The hold still to be captured, if any. */
  holdMinor: number | null;
  minimumMinor: number;
  hasCard: boolean;
}): TakingPlan {
  const { owedMinor: owed, holdMinor: hold, minimumMinor: minimum, hasCard } = options;
  const plan = (captureMinor: number, chargeMinor: number): TakingPlan => ({
    captureMinor,
    chargeMinor,
    isBelowMinimum: false,
  });
  const belowMinimum: TakingPlan = { captureMinor: 0, chargeMinor: 0, isBelowMinimum: true };
  if (owed <= 0) return plan(0, 0);
  if (hold === null) return !hasCard || owed >= minimum ? plan(0, owed) : belowMinimum;
  if (owed <= hold) return owed >= minimum ? plan(owed, 0) : belowMinimum;
  const rest = owed - hold;
  if (rest >= minimum || !hasCard) return plan(hold, rest);
  if (owed - minimum >= minimum) return plan(owed - minimum, minimum);
  return plan(0, owed);
}
