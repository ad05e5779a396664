import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCredential } from '@laurel/contract/credentials';
import type { TCredentialIssuing } from '@laurel/contract/open-badges';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AwardBadgeCell, SignedCredentialsCard } from './signed-credentials';

const credential = { id: 8, organizationId: 2, name: 'Welding' } as TCredential;
const ISSUED_BADGE = {
  awardId: 5,
  state: 'ISSUED' as const,
  verificationUrl: 'http://x/verify/a',
  issuedAt: '2026-01-01T00:00:00Z',
  revokedAt: null,
  revocationReason: null,
  holderEmail: 'ada@example.test',
  sentAt: null,
};

/** The server, faked at the network: the credential's issuing, and what the page sends. */
function serve(issuing: Partial<TCredentialIssuing>) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  let state: TCredentialIssuing = {
    credentialId: 8,
    organizationIssuingAllowed: true,
    enabled: true,
    awards: 120,
    issued: 40,
    revoked: 2,
    issuing: false,
    showOutcomes: false,
    ...issuing,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET') {
      const text = await request.text();
      sent.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
    }
    if (pathname === API_PATHS.credentialIssuing(8)) {
      if (request.method === 'PUT')
        state = { ...state, ...(sent.at(-1)!.body as Partial<TCredentialIssuing>) };
      return jsonResponse(state);
    }
    if (pathname === API_PATHS.awardBadgeSend(5))
      return jsonResponse({ ...ISSUED_BADGE, sentAt: '2026-02-01T00:00:00Z' });
    if (pathname === API_PATHS.credentialIssue(8))
      return jsonResponse({ queued: true, message: 'Issuing has started.' }, 202);
    if (pathname === API_PATHS.awardBadgeRevoke(5))
      return jsonResponse({
        awardId: 5,
        state: 'REVOKED',
        verificationUrl: 'http://x/verify/a',
        issuedAt: null,
        revokedAt: null,
        revocationReason: 'Wrong person',
        holderEmail: 'ada@example.test',
        sentAt: null,
      });
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

function renderCard(roleId: RoleId) {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <SignedCredentialsCard credential={credential} organizationName="Northwind" />
    </AuthContext.Provider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('signed credentials of a credential', () => {
  it('lets an organization admin see the counts and issue all awards', async () => {
    const sent = serve({});
    renderCard(ROLES.ORGANIZATION_ADMIN);
    await screen.findByText(/of 120 awards issued/);
    screen.getByText(/2 revoked/);
    // Only a platform admin allows the organization.
    expect(screen.queryByRole('switch', { name: /Northwind may issue/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Issue for all awards' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: API_PATHS.credentialIssue(8), body: {} }]),
    );
    // 202 Accepted is a success: the message shows as one, not as an error.
    const notice = (await screen.findByText('Issuing has started.')).closest('.MuiAlert-root');
    expect(notice?.className).toMatch(/MuiAlert-(colorSuccess|filledSuccess)/);
  });

  it('says why "Issue for all awards" is disabled once every award has its credential', async () => {
    serve({ issued: 120, revoked: 0 });
    renderCard(ROLES.ORGANIZATION_ADMIN);
    const button = await screen.findByRole('button', { name: 'Issue for all awards' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Every award of this credential has its signed credential.',
    );
  });

  it('shows a user the state without a switch that works or a button', async () => {
    serve({});
    renderCard(ROLES.USER);
    const toggle = await screen.findByRole('switch', { name: /Issue signed credentials/ });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Issue for all awards' })).toBeNull();
  });

  it('says a platform admin must allow the organization first, and lets one do it', async () => {
    const sent = serve({ organizationIssuingAllowed: false, enabled: false });
    renderCard(ROLES.ORGANIZATION_ADMIN);
    await screen.findByText(/A platform admin has not yet allowed/);
    vi.restoreAllMocks();
    const allowed = serve({ organizationIssuingAllowed: false, enabled: false });
    renderCard(ROLES.PLATFORM_ADMIN);
    const allow = (await screen.findAllByRole('switch', { name: /Northwind may issue/ }))[0]!;
    await userEvent.click(allow);
    await waitFor(() =>
      expect(allowed).toContainEqual({
        method: 'PUT',
        path: API_PATHS.organizationIssuing(2),
        body: { issuingAllowed: true },
      }),
    );
    expect(sent).toEqual([]);
  });

  it('revokes an award’s credential only with a reason, and only for those who may', async () => {
    const sent = serve({});
    const badge = ISSUED_BADGE;
    const { unmount } = renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
        <AwardBadgeCell badge={badge} credentialId={8} organizationId={2} holder="Ada Lovelace" />
      </AuthContext.Provider>,
    );
    screen.getByText('Issued');
    screen.getByRole('link', { name: 'Open the signed credential of Ada Lovelace' });
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    unmount();
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
        <AwardBadgeCell badge={badge} credentialId={8} organizationId={2} holder="Ada Lovelace" />
      </AuthContext.Provider>,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the signed credential of Ada Lovelace' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Wrong person');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: API_PATHS.awardBadgeRevoke(5), body: { reason: 'Wrong person' } },
      ]),
    );
  });

  it('sends a holder the link of their credential again, for those who may', async () => {
    const sent = serve({});
    const { unmount } = renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
        <AwardBadgeCell
          badge={ISSUED_BADGE}
          credentialId={8}
          organizationId={2}
          holder="Ada Lovelace"
        />
      </AuthContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    unmount();
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
        <AwardBadgeCell
          badge={ISSUED_BADGE}
          credentialId={8}
          organizationId={2}
          holder="Ada Lovelace"
        />
      </AuthContext.Provider>,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Send Ada Lovelace the link of their signed credential' }),
    );
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: API_PATHS.awardBadgeSend(5), body: null }]),
    );
    await screen.findByText('The link was sent to ada@example.test.');
  });

  it('lets an organization admin show the program’s published outcomes on its credential pages', async () => {
    const sent = serve({});
    renderCard(ROLES.ORGANIZATION_ADMIN);
    const toggle = await screen.findByRole('switch', {
      name: /Show this program’s published outcomes/,
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PUT', path: API_PATHS.credentialIssuing(8), body: { showOutcomes: true } },
      ]),
    );
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });
});
