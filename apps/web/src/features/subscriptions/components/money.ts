/** Minor units as an amount with its currency: 50000 UAH → "500.00 UAH". */
export function money(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}
