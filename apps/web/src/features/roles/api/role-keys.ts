export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: () => [...roleKeys.lists()] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  permissionGroups: (roleId: number, locale: string) => [...roleKeys.details(), roleId, 'permissions', locale] as const,
};
