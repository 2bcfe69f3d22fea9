/** Only same-origin panel paths are followed, so a crafted link cannot send users elsewhere. */
export function safeRedirect(value: string | null): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return undefined;
  return value;
}
