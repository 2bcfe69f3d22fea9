import { describe, expect, it } from 'vitest';
import { parseCodes } from './parse-codes';

describe('parseCodes', () => {
  it('splits by lines, spaces and commas and upper-cases', () => {
    const parsed = parseCodes('e2801160600002\nE2801160600003, E2801160600004  e2801160600005;');
    expect(parsed.codes).toEqual(['E2801160600002', 'E2801160600003', 'E2801160600004', 'E2801160600005']);
    expect(parsed.invalid).toBe(0);
  });

  it('flags codes that are not hexadecimal or too short', () => {
    const parsed = parseCodes('E2801160600002 XYZ12345 ABC');
    expect(parsed.invalid).toBe(2);
    expect(parsed.codes).toEqual(['E2801160600002']);
  });

  it('keeps a repeat visible but sends it once', () => {
    const parsed = parseCodes('E2801160600002\ne2801160600002');
    expect(parsed.duplicates).toBe(1);
    expect(parsed.entries[1]).toEqual({ code: 'E2801160600002', isValid: true, isDuplicate: true });
    expect(parsed.codes).toEqual(['E2801160600002']);
  });
});
