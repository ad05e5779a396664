import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TProfile } from '@laurel/contract/profile';
import { ROLES } from '@laurel/contract/roles';

import { authValue, profileOf } from '../../test/auth';
import { AuthContext } from './auth-context';
import { useCan } from './use-can';

function canFor(profile: TProfile | null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={authValue(profile)}>{children}</AuthContext.Provider>
  );
  return renderHook(() => useCan(), { wrapper }).result.current;
}

describe('useCan', () => {
  it('lets a platform admin act in any organization', () => {
    const can = canFor(profileOf(ROLES.PLATFORM_ADMIN, 1));
    expect(can('update:organization', { organizationId: 5 })).toBe(true);
    expect(can('impersonate:organization')).toBe(true);
    expect(can('create:contract', { organizationId: 3 })).toBe(true);
  });

  it('limits an organization admin to their organization', () => {
    const can = canFor(profileOf(ROLES.ORGANIZATION_ADMIN, 2));
    expect(can('update:user', { organizationId: 2 })).toBe(true);
    expect(can('update:user', { organizationId: 3 })).toBe(false);
    expect(can('create:credential', { organizationId: 2 })).toBe(true);
    expect(can('create:organization')).toBe(false);
    expect(can('create:contract', { organizationId: 2 })).toBe(false);
    expect(can('impersonate:organization')).toBe(false);
  });

  it('lets a user read but not change', () => {
    const can = canFor(profileOf(ROLES.USER, 2));
    expect(can('read:credential', { organizationId: 2 })).toBe(true);
    expect(can('read:credential', { organizationId: 3 })).toBe(false);
    expect(can('update:credential', { organizationId: 2 })).toBe(false);
    expect(can('read:audit', { organizationId: 2 })).toBe(false);
    expect(can('update:profile', { organizationId: 2, userId: 7 })).toBe(true);
    expect(can('update:profile', { organizationId: 2, userId: 8 })).toBe(false);
  });

  it('allows nothing without a signed-in profile', () => {
    const can = canFor(null);
    expect(can('read:organization')).toBe(false);
  });
});
