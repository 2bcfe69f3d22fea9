/** Pickers shared by several screens and the top bar. */
export const optionKeys = {
  all: ['options'] as const,
  roles: () => [...optionKeys.all, 'roles'] as const,
  organizations: () => [...optionKeys.all, 'organizations'] as const,
};
