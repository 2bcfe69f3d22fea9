/** Escapes LIKE's wildcards, so a search for "100%" finds that text and not everything after "100". */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
