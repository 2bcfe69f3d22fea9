/** The pick sheet page for a plan filter: the same filter in its URL. */
export function sheetLink(filters: Record<string, number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `/product/planning/pick-sheet${search ? `?${search}` : ''}`;
}
