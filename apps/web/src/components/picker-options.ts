import type { TUserGroup } from '@vitrina/contract';
import type { TFunction } from 'i18next';

/** One found row: push's recipients name the phone, support's options a detail (phone or address). */
export type FoundOption = { id: number; name: string } & ({ phone: string | null } | { detail: string | null });

/** A search picker's option: "Name · detail", or the name alone. */
export function foundOption(item: FoundOption): { value: number; label: string } {
  const detail = 'phone' in item ? item.phone : item.detail;
  return { value: item.id, label: detail ? `${item.name} · ${detail}` : item.name };
}

/** A customer group's option: "Name (N customers)". */
export function userGroupOption(group: Pick<TUserGroup, 'id' | 'name' | 'members_count'>, t: TFunction) {
  return { value: group.id, label: t('fields.user_group_option', { name: group.name, count: group.members_count }) };
}
