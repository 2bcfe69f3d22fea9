import type { ReportGrouping, ReportSort, ReportSortKey, TSalesReportRow } from '@vitrina/contract';

/**
 * The order of currencies in a report or on the dashboard: the reader's own first, then the
 * others by code, so a Kyiv operator with a Kraków sub-organisation reads UAH, then PLN.
 */
export function currencyOrder(own: string) {
  return (a: string, b: string) => (a === b ? 0 : a === own ? -1 : b === own ? 1 : a.localeCompare(b));
}

type Sortable = Pick<TSalesReportRow, 'key' | 'label' | 'currency'> &
  Record<Exclude<ReportSortKey, 'key' | 'label'>, number>;

/** Days sort as text, ids (micromarket, product, payment type…) as numbers. */
function compareKeys(groupBy: ReportGrouping) {
  return groupBy === 'day'
    ? (a: string, b: string) => a.localeCompare(b)
    : (a: string, b: string) => Number(a) - Number(b);
}

/**
 * A report's rows grouped by currency (the reader's first) and sorted within each by `sort`
 * (`-` descending; ties by key), keeping the first `top` of each currency when given: the top
 * ten products of a month, per currency, since amounts of two currencies do not compare.
 */
export function arrangeRows<Row extends Sortable>(
  rows: readonly Row[],
  options: { sort: ReportSort; top?: number | undefined; groupBy: ReportGrouping; ownCurrency: string },
): Row[] {
  const isDescending = options.sort.startsWith('-');
  const key = options.sort.replace(/^-/, '') as ReportSortKey;
  const byKey = compareKeys(options.groupBy);
  const direction = isDescending ? -1 : 1;
  const compare = (a: Row, b: Row): number => {
    if (key === 'key') return direction * byKey(a.key, b.key);
    const primary = key === 'label' ? a.label.localeCompare(b.label) : a[key] - b[key];
    return primary !== 0 ? direction * primary : byKey(a.key, b.key);
  };
  const byCurrency = new Map<string, Row[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency.keys()].sort(currencyOrder(options.ownCurrency)).flatMap((currency) => {
    const sorted = [...(byCurrency.get(currency) ?? [])].sort(compare);
    return options.top === undefined ? sorted : sorted.slice(0, options.top);
  });
}
