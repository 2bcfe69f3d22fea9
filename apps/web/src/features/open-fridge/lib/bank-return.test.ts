import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBankRedirect, leaveForBank, takeReturnedForm } from './bank-return';

/** A tab's session storage, as the page has it. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    size: () => items.size,
  };
}

afterEach(() => vi.unstubAllGlobals());

const TOKEN = '9b1f3c2e-0000-4000-8000-000000000001';
const ATTEMPT = '1d8e5a40-0000-4000-8000-000000000002';
const FORM = { name: 'Olena', phone: '+380501234567', payment_method: 'pm_1', attempt: ATTEMPT };

describe('a web purchase’s way to the bank (3-D Secure) and back', () => {
  it('keeps the form in the tab, leaves for the bank, and on the way back gives it once, for that attempt only', () => {
    const storage = tabStorage();
    const assign = vi.fn();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('window', { location: { assign } });
    const answer = { redirect_url: 'https://hooks.stripe.example/3ds/pi_1' };
    expect(isBankRedirect(answer)).toBe(true);
    expect(isBankRedirect({ message: 'Opening', request_id: 1, command_id: 'c' })).toBe(false);

    leaveForBank(TOKEN, FORM, answer.redirect_url);
    expect(assign).toHaveBeenCalledWith(answer.redirect_url);
    expect(takeReturnedForm(TOKEN, '?attempt=another')).toBeNull();
    expect(takeReturnedForm(TOKEN, `?attempt=${ATTEMPT}&payment_intent=pi_1&redirect_status=succeeded`)).toEqual(FORM);
    // Taken once: a reload of the returned page does not send it again.
    expect(takeReturnedForm(TOKEN, `?attempt=${ATTEMPT}`)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it('a page opened without an attempt, or with one it did not keep, sends nothing', () => {
    vi.stubGlobal('sessionStorage', tabStorage());
    expect(takeReturnedForm(TOKEN, '')).toBeNull();
    expect(takeReturnedForm(TOKEN, `?attempt=${ATTEMPT}`)).toBeNull();
  });
});
