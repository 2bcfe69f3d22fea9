import { api } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { filtersOf, openingQueryOf, parseListQuery, sortOrderOf } from './list-query';
import { applyUrlChange } from './url-query';

const url = (text: string) => new URLSearchParams(text);

describe('parseListQuery', () => {
  it('reads the query with the endpoint’s schema and its defaults', () => {
    expect(parseListQuery(api.user.list, url('q=olena&active=false&sort=-name'))).toMatchObject({
      page: 1,
      per_page: 20,
      q: 'olena',
      active: false,
      sort: '-name',
    });
  });

  it('drops a value the schema refuses instead of failing the screen', () => {
    const query = parseListQuery(api.user.list, url('per_page=500&user_type=7&q=ok&page=2'));
    expect(query).toMatchObject({ per_page: 20, page: 2, q: 'ok' });
    expect(query.user_type).toBeUndefined();
  });

  it('lets the screen’s defaults stand in for the schema’s', () => {
    expect(parseListQuery(api.dataset.list, url(''), { per_page: 24 }).per_page).toBe(24);
    expect(parseListQuery(api.dataset.list, url('per_page=48'), { per_page: 24 }).per_page).toBe(48);
  });
});

describe('openingQueryOf', () => {
  it('is the query of an empty URL, so a change back to it leaves the URL', () => {
    const opening = openingQueryOf(api.dataset.list, { per_page: 24 });
    expect(opening).toMatchObject({ page: 1, per_page: 24 });
    const filters = filtersOf(api.dataset.list);
    const back = applyUrlChange(url('page=3&per_page=48'), { page: 1, per_page: 24 }, { filters, defaults: opening });
    expect(back.toString()).toBe('');
    const twenty = applyUrlChange(url(''), { per_page: 20 }, { filters, defaults: opening });
    expect(twenty.toString()).toBe('per_page=20');
  });
});

describe('filtersOf', () => {
  it('names every query key but paging, order and the view keys', () => {
    expect(filtersOf(api.user.list).sort()).toEqual(['active', 'org_id', 'q', 'role_id', 'user_type']);
    expect(filtersOf(api.tag.list, ['status'])).not.toContain('status');
    expect(filtersOf(api.tag.list)).not.toContain('cursor');
  });
});

describe('sortOrderOf', () => {
  it('reads the column’s order from the sort value', () => {
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('-name', 'name')).toBe('descend');
    expect(sortOrderOf('-email', 'name')).toBeNull();
    expect(sortOrderOf(undefined, 'name')).toBeNull();
  });
});
