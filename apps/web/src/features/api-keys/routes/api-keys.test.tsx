import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApiKey } from '@laurel/contract/api-keys';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ApiKeysRoute from './api-keys';

const KEY: TApiKey = {
  id: 7,
  organizationId: 2,
  name: 'Nightly SIS',
  start: 'laurel_live_AbCd',
  lastFour: 'wxyz',
  scopes: ['awards:write'],
  status: 'ACTIVE',
  createdAt: '2026-11-01T10:00:00Z',
  createdByName: 'Ada Alpha',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
};
const SECRET = 'laurel_live_ZyXwVuTsRqPoNmLkJiHgFeDcBa0987654321AbCdEf';

/** The server, faked at the network: the keys, and what the screen sends. */
function serve(keys: TApiKey[]) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  let items = keys;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === API_PATHS.apiKeys(2))
      return jsonResponse({ items });
    const text = await request.text();
    sent.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
    if (request.method === 'POST' && pathname === API_PATHS.apiKeys(2)) {
      const created = { ...KEY, id: 8, name: 'Nightly SIS', secret: SECRET };
      items = [created, ...items];
      return jsonResponse(created, 201);
    }
    if (request.method === 'DELETE' && pathname === API_PATHS.apiKey(2, 7)) {
      items = items.map((k) => (k.id === 7 ? { ...k, status: 'REVOKED' as const } : k));
      return jsonResponse({ ...KEY, status: 'REVOKED' });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

function renderScreen(roleId: RoleId) {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <Routes>
        <Route path="/organizations/:organizationId/api-keys" element={<ApiKeysRoute />} />
      </Routes>
    </AuthContext.Provider>,
    { route: '/organizations/2/api-keys' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('API keys of an organization', () => {
  it('creates a key with the scopes chosen and shows its secret once', async () => {
    const sent = serve([]);
    renderScreen(ROLES.ORGANIZATION_ADMIN);
    await screen.findByText('No API keys yet');
    await userEvent.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    within(dialog).getByText('Choose at least one scope.');
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nightly SIS');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Upload awards/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: API_PATHS.apiKeys(2),
          body: { name: 'Nightly SIS', scopes: ['awards:write'], expiresAt: null },
        },
      ]),
    );
    const secret = await screen.findByRole('dialog', { name: 'Copy the key “Nightly SIS” now' });
    expect(
      (within(secret).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value,
    ).toBe(SECRET);
    await userEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    await screen.findByText('laurel_live_AbCd…wxyz');
  });

  it('revokes a key after asking', async () => {
    const sent = serve([KEY]);
    renderScreen(ROLES.ORGANIZATION_ADMIN);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the API key Nightly SIS' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', path: API_PATHS.apiKey(2, 7), body: null }]),
    );
    await screen.findByText('The API key “Nightly SIS” is revoked.');
    await screen.findByText('Revoked');
  });

  it('is closed to a user who is not an admin', async () => {
    serve([KEY]);
    renderScreen(ROLES.USER);
    await screen.findByText('Not found or no access');
    expect(screen.queryByText('Nightly SIS')).toBeNull();
  });
});
