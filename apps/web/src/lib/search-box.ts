/**
 * What a search box shows when its link's search changes. The link catching up with the
 * search this box just sent leaves alone what has been typed since (a fast typist's next
 * words were put back to the previous search); any other change of the link (back, forward,
 * Reset filters) shows the link's search.
 */
export function searchBoxText(options: { typed: string; linked: string | undefined; sent: string | undefined }) {
  return options.linked === options.sent ? options.typed : (options.linked ?? '');
}
