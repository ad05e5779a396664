import type { RoleId } from '@laurel/contract/roles';

/**
 * A person's user row as invitations and company sign-in see it: who they are, where, with which
 * role, and whether they have been invited or are active.
 */
export interface PersonRecord {
  id: number;
  organizationId: number;
  identityUsername: string | null;
  email: string;
  firstName: string;
  lastName: string;
  roleId: RoleId;
  active: boolean;
  invited: boolean;
}
