import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSsoSettings } from '@laurel/contract/sso';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SsoSettingsCard } from './sso-settings-card';

const SP = 'http://localhost:3000/identity/saml2/metadata/org-4';
const day = 86_400_000;

const saml = (overrides: Partial<TSsoSettings> = {}): TSsoSettings => ({
  organizationId: 4,
  configured: true,
  providerName: 'org-4',
  issuer: 'https://idp.lakeshore.edu/idp/shibboleth',
  clientId: '',
  hasClientSecret: false,
  emailDomains: ['lakeshore.edu'],
  jitEnabled: true,
  jitRoleId: ROLES.USER,
  callbackUrl: 'http://localhost:3000/identity/oauth2/idpresponse',
  updatedAt: '2026-11-29T10:00:00.000Z',
  protocol: 'SAML',
  adminValues: ['faculty'],
  saml: {
    serviceProvider: {
      entityId: SP,
      acsUrl: 'http://localhost:3000/identity/saml2/idpresponse',
      metadataUrl: SP,
      certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    },
    identityProvider: {
      entityId: 'https://idp.lakeshore.edu/idp/shibboleth',
      ssoUrl: 'https://idp.lakeshore.edu/idp/profile/SAML2/Redirect/SSO',
      metadataUrl: 'https://idp.lakeshore.edu/metadata',
      metadataFetchedAt: '2026-11-29T10:00:00.000Z',
      certificates: [
        {
          subject: 'CN=idp.lakeshore.edu',
          notAfter: new Date(Date.now() + 400 * day).toISOString(),
          fingerprint: 'AA:BB',
        },
      ],
    },
  },
  ...overrides,
});

function serve(settings: TSsoSettings) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const { pathname } = new URL((input as Request).url);
    return pathname === API_PATHS.organizationSso(4)
      ? jsonResponse(settings)
      : jsonResponse({ message: 'Not found' }, 404);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('SAML company sign-in settings', () => {
  it('shows the identity provider and what to hand to the institution', async () => {
    serve(saml());
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" />);
    expect(await screen.findByText('SAML 2.0')).toBeTruthy();
    expect(screen.getByText('https://idp.lakeshore.edu/idp/shibboleth')).toBeTruthy();
    const sp = screen.getByRole('region', { name: /Laurel as service provider/ });
    expect(within(sp).getAllByText(SP)).toHaveLength(2);
    expect(within(sp).getByRole('button', { name: 'Copy the entity id' })).toBeTruthy();
    expect(within(sp).getByRole('button', { name: 'Download SP metadata' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/expires on/)).toBeNull();
  });

  it('warns 30 days before a signing certificate expires', async () => {
    const settings = saml();
    const soon = new Date(Date.now() + 10 * day).toISOString();
    settings.saml!.identityProvider!.certificates.push({
      subject: 'CN=old',
      notAfter: soon,
      fingerprint: 'CC',
    });
    serve(settings);
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" />);
    expect(await screen.findByText(new RegExp(`expires on ${soon.slice(0, 10)}`))).toBeTruthy();
  });

  it('switches a new setup to SAML and asks for the metadata before testing it', async () => {
    serve({
      ...saml(),
      configured: false,
      protocol: 'OIDC',
      saml: { ...saml().saml!, identityProvider: null },
    });
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" />);
    await userEvent.click(await screen.findByRole('button', { name: 'SAML 2.0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set up company sign-in' }));
    const test = screen.getByRole('button', { name: 'Test metadata' });
    expect((test as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(test.getAttribute('aria-describedby')!)?.textContent).toBe(
      "Enter the identity provider's metadata to test it.",
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: /Metadata address/ }),
      'https://idp.example.edu/metadata',
    );
    expect(
      (screen.getByRole('button', { name: 'Test metadata' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("lets an organization's own admins set up SAML only", async () => {
    serve({
      ...saml(),
      configured: false,
      protocol: 'OIDC',
      saml: { ...saml().saml!, identityProvider: null },
    });
    renderWithProviders(<SsoSettingsCard organizationId={4} loginMode="SSO" oidcAllowed={false} />);
    const oidc = await screen.findByRole('button', { name: 'OpenID Connect' });
    expect((oidc as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'SAML 2.0' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText(/OpenID Connect is set up by Laurel's platform admins/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Set up company sign-in' }));
    expect(screen.getByRole('button', { name: 'Test metadata' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Issuer/ })).toBeNull();
  });
});
