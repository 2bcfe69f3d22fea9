/** An amount in minor units as messages and documents show it: `123.45 UAH`. */
export function formatMinor(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}
