let next = 0;

/** A name no other row of this test file has, so tests can find their own rows by it. */
export function uniqueName(prefix: string): string {
  next += 1;
  return `${prefix} ${next}`;
}

/** A hexadecimal tag-code prefix of its own (tag codes are unique across organisations). */
export function uniqueCodePrefix(): string {
  next += 1;
  return next.toString(16).toUpperCase().padStart(4, '0');
}
