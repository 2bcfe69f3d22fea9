import type { TOpenFridgeForm, TOpenPurchaseAnswer } from '@vitrina/contract';

/**
 * A web purchase whose card's bank asks the buyer to authenticate (3-D Secure): the page sends
 * them to their bank, which sends them back to this page with `?attempt=`. The form goes with
 * them in this tab's session storage (never to the server twice with another attempt), and is
 * sent again once on the way back, under the same attempt, which finishes the same hold.
 */
const keyOf = (token: string, attempt: string) => `vitrina.open-purchase.${token}.${attempt}`;

export const isBankRedirect = (answer: TOpenPurchaseAnswer): answer is { redirect_url: string } =>
  'redirect_url' in answer;

/** Keeps the form for the way back, then leaves for the bank's page. */
export function leaveForBank(token: string, body: TOpenFridgeForm, redirectUrl: string): void {
  if (body.attempt) sessionStorage.setItem(keyOf(token, body.attempt), JSON.stringify(body));
  window.location.assign(redirectUrl);
}

/** The form kept for this way back from the bank (`search`: the page's query), taken once. */
export function takeReturnedForm(token: string, search: string): TOpenFridgeForm | null {
  const attempt = new URLSearchParams(search).get('attempt');
  if (!attempt) return null;
  const key = keyOf(token, attempt);
  const kept = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  if (!kept) return null;
  try {
    const body = JSON.parse(kept) as TOpenFridgeForm;
    return body.attempt === attempt ? body : null;
  } catch {
    return null;
  }
}
