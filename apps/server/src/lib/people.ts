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

/**
 * A user row to create: every path that adds a person (an invitation, company sign-in, the
 * command line, the demo world, the test builders) goes through `insertPerson` of the
 * invitations module's repository. Unless said otherwise the person is active and confirms
 * their name at the first sign-in.
 */
export interface NewPerson extends Omit<PersonRecord, 'id' | 'active'> {
  active?: boolean;
  nameConfirmed?: boolean;
  title?: string | null;
  /** When the row is made; now unless given. */
  createdAt?: string;
}
