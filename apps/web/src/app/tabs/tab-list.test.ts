import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  neighbourOf,
  refreshTab,
  type Tab,
  touchRecent,
  visitTab,
} from './tab-list';

const dashboard: Tab = { key: '/dashboard', fullPath: '/dashboard', title: 'dashboard', isAffix: true, version: 0 };
const users: Tab = { key: '/user/list', fullPath: '/user/list', title: 'user_list', isAffix: false, version: 0 };
const roles: Tab = { key: '/roles/list', fullPath: '/roles/list', title: 'role_list', isAffix: false, version: 0 };

describe('tab list', () => {
  it('adds a new tab once and updates its search', () => {
    const once = visitTab([dashboard], { ...users });
    expect(once).toHaveLength(2);
    const again = visitTab(once, { ...users, fullPath: '/user/list?page=2' });
    expect(again).toHaveLength(2);
    expect(again[1]?.fullPath).toBe('/user/list?page=2');
  });
  it('never closes the affixed tab', () => {
    expect(closeTab([dashboard, users], '/dashboard')).toEqual([dashboard, users]);
    expect(closeAllTabs([dashboard, users, roles])).toEqual([dashboard]);
    expect(closeOtherTabs([dashboard, users, roles], '/roles/list')).toEqual([dashboard, roles]);
  });
  it('picks a neighbour for the closed active tab', () => {
    expect(neighbourOf([dashboard, users, roles], '/user/list')).toBe(roles);
    expect(neighbourOf([dashboard, users, roles], '/roles/list')).toBe(users);
  });
  it('bumps the version on refresh', () => {
    expect(refreshTab([users], '/user/list')[0]?.version).toBe(1);
  });
  it('orders tabs by their last use and forgets closed ones', () => {
    const open = new Set(['/a', '/b', '/c']);
    expect(touchRecent([], '/a', open)).toEqual(['/a']);
    expect(touchRecent(['/a', '/b'], '/c', open)).toEqual(['/c', '/a', '/b']);
    expect(touchRecent(['/c', '/a', '/b'], '/b', open)).toEqual(['/b', '/c', '/a']);
    expect(touchRecent(['/x', '/a'], '/b', open)).toEqual(['/b', '/a']);
  });
});
