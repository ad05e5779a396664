import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TScimSettings } from '@laurel/contract/scim';
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

describe('provisioning (SCIM) in the SSO settings', () => {
  const scim: TScimSettings = {
    organizationId: 4,
    baseUrl: 'http://localhost:3000/scim/v2/abcdefghijkmnpqrstuv',
    tokens: [
      {
        id: 7,
        name: 'Entra ID',
        start: 'laurel_scim_Ab12',
        lastFour: 'wxYZ',
        createdAt: '2026-11-20T10:00:00.000Z',
        createdByName: 'Ada Alpha',
        revokedAt: null,
        lastUsedAt: '2026-11-28T09:30:00.000Z',
        lastUsedIp: '203.0.113.9',
      },
    ],
    lastActivityAt: '2026-11-28T09:30:00.000Z',
    lastActivity: 'User ada@alpha.example deactivated through SCIM (PATCH)',
  };

  it("shows an organization admin the address, tokens and last activity, and a new token's secret once", async () => {
    const requests: Array<{ method: string; path: string; body: string }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      requests.push({ method: request.method, path: pathname, body: await request.text() });
      if (pathname === API_PATHS.organizationScim(4)) return jsonResponse(scim);
      if (pathname === API_PATHS.organizationScimTokens(4) && request.method === 'POST')
        return jsonResponse(
          {
            ...scim.tokens[0]!,
            id: 8,
            name: 'Okta',
            secret: 'laurel_scim_SECRETSECRETSECRETSECRETSECRET123456',
          },
          201,
        );
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderWithProviders(
      <SsoSettingsCard
        organizationId={4}
        loginMode="PASSWORD"
        companySignIn={false}
        provisioning
      />,
    );
    expect(
      ((await screen.findByRole('textbox', { name: 'SCIM base URL' })) as HTMLInputElement).value,
    ).toBe(scim.baseUrl);
    expect(screen.getByRole('button', { name: 'Copy the SCIM base URL' })).toBeTruthy();
    expect(screen.getByText('Entra ID')).toBeTruthy();
    expect(screen.getByText('laurel_scim_Ab12…wxYZ')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(
      screen.getByText(/User ada@alpha.example deactivated through SCIM \(PATCH\)/),
    ).toBeTruthy();
    // An organization admin does not set up company sign-in: its settings are never asked for.
    expect(requests.some((r) => r.path === API_PATHS.organizationSso(4))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'New SCIM token' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Okta');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const secret = (await screen.findByRole('textbox', { name: 'SCIM token' })) as HTMLInputElement;
    expect(secret.value).toBe('laurel_scim_SECRETSECRETSECRETSECRETSECRET123456');
    expect(requests.find((r) => r.method === 'POST')?.body).toBe(JSON.stringify({ name: 'Okta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'SCIM token' })).toBeNull();
  });

  it('asks before revoking a token, and revokes it', async () => {
    const deleted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (request.method === 'DELETE') {
        deleted.push(pathname);
        return jsonResponse({ ...scim.tokens[0]!, revokedAt: '2026-11-29T10:00:00.000Z' });
      }
      if (pathname === API_PATHS.organizationScim(4)) return jsonResponse(scim);
      if (pathname === API_PATHS.organizationSso(4)) return jsonResponse(settings);
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" provisioning />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the SCIM token Entra ID' }),
    );
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    await vi.waitFor(() => expect(deleted).toEqual([API_PATHS.organizationScimToken(4, 7)]));
  });
});
