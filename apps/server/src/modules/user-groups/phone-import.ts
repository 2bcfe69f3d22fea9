import { toE164 } from '../../lib/customers.js';

/** The calling code local numbers are read with, by the organisation's currency (EUR: none, numbers need +). */
const CALLING_CODES: Record<string, string | undefined> = { UAH: '380', PLN: '48' };

export const callingCodeOf = (currency: string) => CALLING_CODES[currency];

export type ParsedPhones = { phones: string[]; duplicates: number; invalid: number; invalidExamples: string[] };

const INVALID_EXAMPLES = 5;

/**
 * Phones from pasted text or a CSV file: one per line; in a CSV (`,`, `;` or tab) the column
 * headed `phone` (any case), else the first. Each is normalised to E.164; a repeat counts as a
 * duplicate, a line that is no number as invalid (the first few kept to show). Blank lines
 * and the header are skipped.
 */
export function parsePhones(text: string, callingCode: string | undefined): ParsedPhones {
  const lines = text.split(/\r?\n/);
  const split = (line: string) => line.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
  const header = split(lines[0] ?? '').map((cell) => cell.toLowerCase());
  const headed = header.findIndex((cell) => cell === 'phone' || cell === 'телефон' || cell === 'telefon');
  const column = headed >= 0 ? headed : 0;
  const seen = new Set<string>();
  const result: ParsedPhones = { phones: [], duplicates: 0, invalid: 0, invalidExamples: [] };
  for (const [index, line] of lines.entries()) {
    if (index === 0 && headed >= 0) continue;
    const cell = split(line)[column] ?? '';
    if (cell === '') continue;
    const phone = toE164(cell, callingCode);
    if (!phone) {
      result.invalid += 1;
      if (result.invalidExamples.length < INVALID_EXAMPLES) result.invalidExamples.push(cell.slice(0, 40));
    } else if (seen.has(phone)) result.duplicates += 1;
    else {
      seen.add(phone);
      result.phones.push(phone);
    }
  }
  return result;
}
