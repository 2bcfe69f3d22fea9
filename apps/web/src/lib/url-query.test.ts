import { describe, expect, it } from 'vitest';
import { applyUrlChange, clearUrlFilters, readEnum, readFlag, readNumber } from './url-query';

const url = (text: string) => new URLSearchParams(text);
const FILTERS = ['q', 'org_id'] as const;

describe('applyUrlChange', () => {
  it('sets values as text and leaves the other keys alone', () => {
    const next = applyUrlChange(url('sort=name&page=3'), { per_page: 50, active: true }, { filters: FILTERS });
    expect(next.toString()).toBe('sort=name&page=3&per_page=50&active=true');
  });

  it('takes empty and cleared values out of the URL', () => {
    const next = applyUrlChange(url('q=milk&sort=name'), { q: '', sort: undefined }, { filters: FILTERS });
    expect(next.toString()).toBe('');
  });

  it('starts from page one when a filter changes, but not for the sort or the page size', () => {
    expect(applyUrlChange(url('page=4'), { q: 'milk' }, { filters: FILTERS }).toString()).toBe('q=milk');
    expect(applyUrlChange(url('page=4'), { org_id: undefined }, { filters: FILTERS }).toString()).toBe('');
    expect(applyUrlChange(url('page=4'), { sort: '-name' }, { filters: FILTERS }).toString()).toBe('page=4&sort=-name');
    expect(applyUrlChange(url('page=4'), { per_page: 50 }, { filters: FILTERS }).toString()).toBe('page=4&per_page=50');
  });

  it('keeps a value equal to its default out of the URL, whatever its type', () => {
    const rules = { filters: FILTERS, defaults: { page: 1, per_page: 20, tab: 'main' } };
    expect(
      applyUrlChange(url('page=3&per_page=50&tab=tags'), { page: 1, per_page: 20, tab: 'main' }, rules).toString(),
    ).toBe('');
    expect(applyUrlChange(url(''), { page: '1', per_page: '20' }, rules).toString()).toBe('');
    expect(applyUrlChange(url(''), { page: 2, tab: 'history' }, rules).toString()).toBe('page=2&tab=history');
  });

  it('does not change the URL it was given', () => {
    const current = url('q=milk&page=2');
    applyUrlChange(current, { q: 'bread' }, { filters: FILTERS });
    expect(current.toString()).toBe('q=milk&page=2');
  });
});

describe('clearUrlFilters', () => {
  it('drops the filters and the page, keeps the sort, the tab and the page size', () => {
    const next = clearUrlFilters(url('q=milk&org_id=2&page=3&sort=name&status=sold&per_page=50'), FILTERS);
    expect(next.toString()).toBe('sort=name&status=sold&per_page=50');
  });
});

describe('the readers', () => {
  it('read whole numbers, known values and flags, and ignore anything else', () => {
    const params = url('page=2&bad=2x&tab=tags&other=nope&on=true&off=false&odd=yes');
    expect(readNumber(params, 'page')).toBe(2);
    expect(readNumber(params, 'bad')).toBeUndefined();
    expect(readEnum(params, 'tab', ['main', 'tags'] as const)).toBe('tags');
    expect(readEnum(params, 'other', ['main', 'tags'] as const)).toBeUndefined();
    expect([readFlag(params, 'on'), readFlag(params, 'off'), readFlag(params, 'odd')]).toEqual([
      true,
      false,
      undefined,
    ]);
  });
});
