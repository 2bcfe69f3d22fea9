import { describe, expect, it } from 'vitest';
import { csvCell, exportTable } from './table-export.js';

type Row = { name: string; amount: number; at: Date | null };
const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Amount', value: (row: Row) => row.amount },
  { header: 'At', value: (row: Row) => row.at },
];

describe('table export', () => {
  it('quotes separators and neutralises formulas in CSV cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('writes a CSV with a BOM, a header and one line per row', async () => {
    const file = await exportTable({
      name: 'sales',
      format: 'csv',
      columns,
      rows: [{ name: 'Кава', amount: 1250, at: new Date('2026-11-01T10:00:00Z') }],
    });
    expect(file.filename).toBe('sales.csv');
    expect(file.body).toBe('\uFEFFName,Amount,At\r\nКава,1250,2026-11-01T10:00:00.000Z\r\n');
  });

  it('writes an XLSX workbook (a zip with the sheet)', async () => {
    const file = await exportTable({
      name: 'sales',
      format: 'xlsx',
      columns,
      rows: [{ name: 'Tea', amount: 5, at: null }],
    });
    expect(file.filename).toBe('sales.xlsx');
    const body = file.body as Buffer;
    expect(body.subarray(0, 2).toString()).toBe('PK');
    expect(body.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
  });
});
