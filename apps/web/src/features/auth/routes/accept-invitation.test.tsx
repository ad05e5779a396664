import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES, type TInvitationDetails } from '@laurel/contract/invitations';
import { API_PATHS, IDENTITY_BASE_PATH } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { AuthProvider } from '../../../lib/auth/auth-provider';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import en from '../../../lib/i18n/messages/en.json';
import AcceptInvitationRoute from './accept-invitation';
import PasswordSignInRoute from './password-sign-in';

const INVITED = 'new.person@northwind.demo';
const CHOSEN = 'Brand-new-Passw0rd';

const pending: TInvitationDetails = {
  status: 'PENDING',
  email: INVITED,
  firstName: 'Nova',
  organizationName: 'Northwind Technical College',
  inviterName: 'Olivia Admin',
  roleId: ROLES.ORGANIZATION_ADMIN,
  isFederated: false,
  passkeysAllowed: true,
  expiresAt: '2026-12-07T10:00:00.000Z',
};

/**
 * The server and the identity service, faked at the network: the link's details (or its
 * refusal), the acceptance, and an identity service that answers nothing useful (so that the
 * sign-in after accepting cannot finish on the invitation's page).
 */
function serve(details: TInvitationDetails | { status: number; message: string }) {
  const sent: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const { pathname } = new URL(request.url);
    if (pathname === API_PATHS.cognitoConfig)
      return jsonResponse({
        poolId: 'local-1_Laurel',
        clientId: 'laurel-web',
        endpoint: IDENTITY_BASE_PATH,
      });
    if (pathname === API_PATHS.invitationDetails) {
      sent.push({ path: pathname, body: await request.json() });
      return 'message' in details
        ? jsonResponse({ message: details.message }, details.status)
        : jsonResponse(details);
    }
    if (pathname === API_PATHS.invitation) {
      sent.push({ path: pathname, body: await request.json() });
      return jsonResponse({ isFederated: false, email: INVITED, redirectUri: null });
    }
    if (pathname.startsWith(IDENTITY_BASE_PATH))
      return new Response('{}', { headers: { 'content-type': 'application/x-amz-json-1.1' } });
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

function renderLink(route = '/auth/accept-invitation?token=t0k3n') {
  return renderWithProviders(
    <AuthProvider>
      <Routes>
        <Route path="/auth/accept-invitation" element={<AcceptInvitationRoute />} />
        <Route path="/auth/password-sign-in" element={<PasswordSignInRoute />} />
      </Routes>
    </AuthProvider>,
    { route },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the invitation link', () => {
  it('names organization, inviter and role, and takes the password chosen there', async () => {
    const sent = serve(pending);
    renderLink();
    await screen.findByRole('heading', { level: 1, name: 'Join Northwind Technical College' });
    screen.getByText(
      /Olivia Admin invited you to join Northwind Technical College on Laurel as Organization Admin\./,
    );
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(INVITED);
    screen.getByText(/add a passkey/);

    // The rules are checked here before anything is sent.
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    await screen.findByText('Use at least 14 characters.');
    expect(sent.filter((call) => call.path === API_PATHS.invitation)).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password', { exact: true }));
    await userEvent.type(screen.getByLabelText('New password', { exact: true }), CHOSEN);
    await userEvent.type(screen.getByLabelText('Repeat the new password', { exact: true }), CHOSEN);
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    // The identity service here cannot finish the sign-in: the sign-in screen takes over, with
    // the address filled in (`?checkEmail=true`, spec §2).
    await screen.findByText(en['auth.passwordSignIn.checkEmail']);
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(INVITED);
    expect(sent).toEqual([
      { path: API_PATHS.invitationDetails, body: { token: 't0k3n' } },
      {
        path: API_PATHS.invitation,
        body: { token: 't0k3n', confirmation: true, password: CHOSEN },
      },
    ]);
  });

  it('sends a company user on without a password', async () => {
    serve({ ...pending, isFederated: true, passkeysAllowed: false });
    renderLink();
    await screen.findByRole('button', { name: 'Continue with company sign-in' });
    expect(screen.queryByLabelText('New password', { exact: true })).toBeNull();
    screen.getByText(/company account \(new\.person@northwind\.demo\)/);
  });

  it('says what to do with a used, an expired, a withdrawn and an unknown link', async () => {
    serve({ ...pending, status: 'ACCEPTED' });
    const used = renderLink();
    await screen.findByRole('heading', { level: 1, name: en['auth.invitation.acceptedTitle'] });
    screen.getByText(INVITATION_MESSAGES.used);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(INVITED),
    );
    used.unmount();
    vi.restoreAllMocks();

    serve({ ...pending, status: 'EXPIRED' });
    const expired = renderLink();
    await screen.findByRole('heading', { level: 1, name: en['auth.invitation.expiredTitle'] });
    screen.getByText(
      /Ask Olivia Admin or another admin of Northwind Technical College to send you a new invitation/,
    );
    expect(screen.queryByRole('button', { name: 'Set password and join' })).toBeNull();
    expired.unmount();
    vi.restoreAllMocks();

    serve({ ...pending, status: 'REVOKED' });
    const revoked = renderLink();
    await screen.findByRole('heading', { level: 1, name: en['auth.invitation.revokedTitle'] });
    screen.getByText(new RegExp(INVITATION_MESSAGES.revoked.slice(0, 30)));
    revoked.unmount();
    vi.restoreAllMocks();

    serve({ status: 400, message: INVITATION_MESSAGES.invalid });
    renderLink();
    await screen.findByText(INVITATION_MESSAGES.invalid);
    screen.getByRole('heading', { level: 1, name: en['auth.invitation.invalidTitle'] });
  });

  it('says a link without its token does not work, asking nothing of the server', async () => {
    const sent = serve(pending);
    renderLink('/auth/accept-invitation');
    await screen.findByText(INVITATION_MESSAGES.invalid);
    expect(sent).toEqual([]);
  });
});
