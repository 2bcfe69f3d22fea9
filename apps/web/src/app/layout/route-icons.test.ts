import { ROUTES } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { ROUTE_ICONS } from './route-icons';

describe('route icons', () => {
  it('knows every icon the route table names', () => {
    const missing = ROUTES.filter((route) => route.icon && !ROUTE_ICONS[route.icon]).map((route) => route.icon);
    expect(missing).toEqual([]);
  });
});
