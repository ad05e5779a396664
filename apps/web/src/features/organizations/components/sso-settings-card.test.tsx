import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSsoSettings } from '@laurel/contract/sso';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SsoSettingsCard } from './sso-settings-card';

const settings: TSsoSettings = {
  organizationId: 4,
  configured: false,
  providerName: '',
  issuer: '',
  clientId: '',
  hasClientSecret: false,
  emailDomains: [],
  jitEnabled: false,
  jitRoleId: ROLES.USER,
  callbackUrl: 'http://localhost:3000/api/auth/sso/callback',
  updatedAt: null,
  protocol: 'OIDC',
  adminValues: [],
  saml: null,
};

afterEach(() => vi.restoreAllMocks());

describe('company sign-in settings', () => {
  it('says why "Test connection" is disabled until an issuer is entered', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = new URL((input as Request).url);
      return pathname === API_PATHS.organizationSso(4)
        ? jsonResponse(settings)
        : jsonResponse({ message: 'Not found' }, 404);
    });
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up company sign-in' }));
    const test = screen.getByRole('button', { name: 'Test connection' });
    expect((test as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(test.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter the issuer URL to test the connection.',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Issuer/ }), 'https://login.example');
    const ready = screen.getByRole('button', { name: 'Test connection' });
    expect((ready as HTMLButtonElement).disabled).toBe(false);
    expect(ready.getAttribute('aria-describedby')).toBeNull();
  });
});
