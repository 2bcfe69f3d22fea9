/**
 * A phone as E.164 (`+` and 8 to 15 digits, no leading zero), or null when it cannot be one.
 * Spaces, dots, dashes and brackets go; `00` is the international prefix; a number without
 * one is local to `callingCode` (its trunk `0` dropped: UA `067…` → `+38067…`).
 */
export function toE164(raw: string, callingCode?: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (callingCode) digits = `${callingCode}${compact.replace(/^0/, '')}`;
  else return null;
  return /^[1-9][0-9]{7,14}$/.test(digits) ? `+${digits}` : null;
}
