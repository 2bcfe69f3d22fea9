/** Errors by where they show: `reason`, `amount_minor`, `lines`, and a line's own by its id. */
export type RefundErrors = { fields: Record<string, string>; lines: Record<number, string> };

export const NO_ERRORS: RefundErrors = { fields: {}, lines: {} };

/** `lines.1.quantity` of what was sent → the error of that line; anything else stays by its field. */
export function errorsOf(fields: Record<string, string>, sent: readonly { line_id: number }[]): RefundErrors {
  const errors: RefundErrors = { fields: {}, lines: {} };
  for (const [field, message] of Object.entries(fields)) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    const line = index === undefined ? undefined : sent[Number(index)];
    if (line) errors.lines[line.line_id] ??= message;
    else errors.fields[field.split('.')[0]!] ??= message;
  }
  return errors;
}
