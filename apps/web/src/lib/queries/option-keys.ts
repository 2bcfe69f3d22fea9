/** Pickers shared by several screens and the top bar. */
export const optionKeys = {
  all: ['options'] as const,
  roles: () => [...optionKeys.all, 'roles'] as const,
  organizations: () => [...optionKeys.all, 'organizations'] as const,
  categoryTree: (orgId?: number) => [...optionKeys.all, 'category-tree', orgId ?? null] as const,
  makers: (orgId?: number) => [...optionKeys.all, 'makers', orgId ?? null] as const,
  micromarkets: () => [...optionKeys.all, 'micromarkets'] as const,
  products: (query: Record<string, unknown>) => [...optionKeys.all, 'products', query] as const,
};
