import { describe, expect, it } from 'vitest';
import { searchBoxText } from './search-box';

describe('searchBoxText', () => {
  it('keeps what was typed after sending when the link catches up with the sent search', () => {
    expect(searchBoxText({ typed: 'bob', linked: 'alice', sent: 'alice' })).toBe('bob');
  });

  it('keeps an emptied box when the link drops the search this box cleared', () => {
    expect(searchBoxText({ typed: '', linked: undefined, sent: undefined })).toBe('');
  });

  it('shows the link’s search when it changed from elsewhere (back, forward)', () => {
    expect(searchBoxText({ typed: 'bob', linked: 'carol', sent: 'alice' })).toBe('carol');
  });

  it('empties the box when the filters are reset', () => {
    expect(searchBoxText({ typed: 'alice', linked: undefined, sent: 'alice' })).toBe('');
  });
});
