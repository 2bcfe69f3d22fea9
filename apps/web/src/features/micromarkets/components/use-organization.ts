import type { Currency } from '@vitrina/contract';
import { useCallback } from 'react';
import { useCan } from '../../../lib/permissions';
import { useOrganizationOptions } from '../../../lib/queries/organization-options';

/** Per organisation: its currency (prices are in it) and whether the user may change its micromarkets. */
export function useOrganizationAccess() {
  const can = useCan();
  const organizations = useOrganizationOptions();
  const items = organizations.data?.items;
  const currencyOf = useCallback(
    (orgId: number): Currency => items?.find((org) => org.id === orgId)?.currency ?? 'UAH',
    [items],
  );
  const canEdit = useCallback(
    (orgId: number) => can('edit_devices') && items?.find((org) => org.id === orgId)?.access_level === 2,
    [items, can],
  );
  const editableOrgs = items?.filter((org) => org.access_level === 2) ?? [];
  return { currencyOf, canEdit, editableOrgs, canEditAny: can('edit_devices') && editableOrgs.length > 0 };
}
