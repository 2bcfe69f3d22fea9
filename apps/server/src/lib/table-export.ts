import writeExcelFile from 'write-excel-file/node';

/** One column of an exported table: its heading and how a row gives its cell. */
export type ExportColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | Date | null;
  /** Excel column width in characters. */
  width?: number;
};

export type ExportFormat = 'csv' | 'xlsx';

/** A file answer of an endpoint with `format: 'file'`. */
export type FileAnswer = { filename: string; contentType: string; body: Buffer | string };

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A cell as CSV text: quoted when it holds a separator, a quote or a line break, and a
 * leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as a CSV (UTF-8 with a byte-order mark, so Excel reads Cyrillic right) or an XLSX workbook. */
export async function exportTable<Row>(options: {
  name: string;
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
}): Promise<FileAnswer> {
  const { name, format, columns, rows } = options;
  if (format === 'csv') {
    const lines = [columns.map((column) => csvCell(column.header)).join(',')];
    for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
    return { filename: `${name}.csv`, contentType: CSV_TYPE, body: `\uFEFF${lines.join('\r\n')}\r\n` };
  }
  const header = columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const data = rows.map((row) =>
    columns.map((column) => {
      const value = column.value(row);
      if (value === null) return null;
      if (value instanceof Date) return { value, format: 'yyyy-mm-dd hh:mm' };
      return { value };
    }),
  );
  const body = await writeExcelFile([header, ...data], {
    columns: columns.map((column) => ({ width: column.width ?? 16 })),
    stickyRowsCount: 1,
  }).toBuffer();
  return { filename: `${name}.xlsx`, contentType: XLSX_TYPE, body };
}

/** An ISO timestamp of a list row as a cell (a date in XLSX, ISO text in CSV); null stays empty. */
export const timestampCell = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The one export path of every list (micromarkets, products, alerts, …): the service reads the
 * rows with the list's own filters, sort and organisation scope, capped at the contract's
 * LIST_EXPORT_MAX_ROWS, and this names the file after the list and the day it was taken.
 */
export function exportList<Row>(options: {
  list: string;
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  now: Date;
}): Promise<FileAnswer> {
  const { list, now, ...table } = options;
  return exportTable({ name: `${list}-${now.toISOString().slice(0, 10)}`, ...table });
}
