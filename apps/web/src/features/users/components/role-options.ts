import { ROLE_LABELS, type RoleId } from '@laurel/contract/roles';

/** Roles as the choices of a role select. */
export const roleOptions = (roles: readonly RoleId[]) =>
  roles.map((id) => ({ value: id, label: ROLE_LABELS[id] }));
