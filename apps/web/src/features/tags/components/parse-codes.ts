import { ZTagCode } from '@vitrina/contract';

export type CodeEntry = { code: string; isValid: boolean; isDuplicate: boolean };
export type ParsedCodes = { entries: CodeEntry[]; codes: string[]; invalid: number; duplicates: number };

/**
 * A reader types codes like a keyboard: one per line, or split by spaces, commas or
 * semicolons. Codes are compared upper-cased, as the server stores them; a repeat is kept
 * visible (so the operator sees it) but sent once.
 */
export function parseCodes(text: string): ParsedCodes {
  const seen = new Set<string>();
  const entries = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((raw) => {
      const code = raw.toUpperCase();
      const isDuplicate = seen.has(code);
      seen.add(code);
      return { code, isValid: ZTagCode.safeParse(code).success, isDuplicate };
    });
  const codes = entries.filter((entry) => entry.isValid && !entry.isDuplicate).map((entry) => entry.code);
  return {
    entries,
    codes,
    invalid: entries.filter((entry) => !entry.isValid).length,
    duplicates: entries.filter((entry) => entry.isDuplicate).length,
  };
}
