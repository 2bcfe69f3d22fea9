import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps panel paths', () => {
    expect(safeRedirect('/user/list?page=2')).toBe('/user/list?page=2');
  });
  it('drops other origins, empty values and the login page', () => {
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
    expect(safeRedirect('/login')).toBeUndefined();
  });
});
