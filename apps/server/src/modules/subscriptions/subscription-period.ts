/** First day of the month of `d` (UTC), as `YYYY-MM-01`. */
export function monthOf(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The first instant of the month after `month` (`YYYY-MM-01`). */
export function monthEnd(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1));
}
