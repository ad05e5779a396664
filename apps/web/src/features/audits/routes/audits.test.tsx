import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAuditEntry } from '@laurel/contract/audits';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import AuditsRoute from './audits';

const SESSION = '8cbd6287-366d-43c3-8cf3-7cc4a36ca580';
const signIn: TAuditEntry = {
  id: 301,
  occurredAt: '2026-11-20T14:05:00.000Z',
  actorUserId: 7,
  actorName: 'Parker Haddad',
  actorEmail: 'parker.haddad.2@northwind.demo',
  organizationId: 2,
  organizationName: 'Northwind Technical College',
  impersonating: false,
  typeCode: 'SIGN_IN',
  typeName: 'Signed in',
  resourceType: 'session',
  resourceId: SESSION,
  summary: 'parker.haddad.2@northwind.demo signed in with e-mail and password',
  ipAddress: '203.0.113.9',
  requestId: 'req-5f1c',
};

function renderAudits(roleId: RoleId) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === API_PATHS.audits)
      return jsonResponse({ items: [signIn], total: 1, page: 1, pageSize: 25 });
    return jsonResponse([]);
  });
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <AuditsRoute />
    </AuthContext.Provider>,
    { route: '/audits' },
  );
}

const headers = () =>
  screen
    .getAllByRole('columnheader', { hidden: true })
    .map((header) => header.textContent?.replace(/sorted (de|a)scending/, ''));

describe('the audit table', () => {
  it('gives an organization admin no organization column, which would never change', async () => {
    renderAudits(ROLES.ORGANIZATION_ADMIN);
    await screen.findAllByText('Parker Haddad', undefined, { timeout: 5_000 });
    expect(headers()).toEqual(['When', 'Who', 'What', 'Details', 'Entry']);
  });

  it("shows a platform admin each entry's organization", async () => {
    renderAudits(ROLES.PLATFORM_ADMIN);
    await screen.findAllByText('Parker Haddad');
    expect(headers()).toContain('Organization');
  });

  it('keeps a row to its summary and shows the rest of the entry on demand', async () => {
    renderAudits(ROLES.ORGANIZATION_ADMIN);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await within(table).findAllByText('Parker Haddad');
    // The session id, address and request are not repeated in the row.
    expect(table.textContent).not.toContain(SESSION);
    expect(table.textContent).not.toContain('203.0.113.9');
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(2);

    const [toggle] = within(table).getAllByRole('button', {
      name: /^Details of Signed in at /,
      hidden: true,
    });
    expect(toggle!.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle!);
    expect(toggle!.getAttribute('aria-expanded')).toBe('true');
    const detail = document.getElementById(toggle!.getAttribute('aria-controls')!)!;
    expect(detail.textContent).toContain(`session ${SESSION}`);
    expect(detail.textContent).toContain('203.0.113.9');
    expect(detail.textContent).toContain('req-5f1c');
    expect(detail.textContent).toContain('Parker Haddad <parker.haddad.2@northwind.demo>');

    await userEvent.click(toggle!);
    expect(toggle!.getAttribute('aria-expanded')).toBe('false');
    expect(table.textContent).not.toContain(SESSION);
  });

  it('keeps an e-mail address whole: one line cut short, never broken inside the address', async () => {
    renderAudits(ROLES.ORGANIZATION_ADMIN);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await within(table).findAllByText('Parker Haddad');
    // The person's line, focusable so that its full value shows on keyboard focus as on hover.
    const email = [...table.querySelectorAll<HTMLElement>('[tabindex="0"]')].find((element) =>
      element.textContent?.includes('parker.haddad.2@northwind.demo'),
    );
    expect(email).toBeInstanceOf(HTMLElement);
    const style = getComputedStyle(email!);
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.overflowWrap).not.toBe('anywhere');
  });
});
