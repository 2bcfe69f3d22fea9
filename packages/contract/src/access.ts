/*
 * The access rule, apart from the permission catalogue (permissions.ts): the panel's router
 * needs only this, and its first download then carries no permission names in five languages.
 */

export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}
