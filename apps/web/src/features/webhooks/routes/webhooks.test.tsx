import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES, type RoleId } from '@laurel/contract/roles';
import type { TWebhookDelivery, TWebhookEndpoint } from '@laurel/contract/webhooks';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import WebhooksRoute from './webhooks';

const ENDPOINT: TWebhookEndpoint = {
  id: 4,
  organizationId: 2,
  url: 'https://sis.example.edu/laurel',
  description: 'Student records',
  events: ['upload.completed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  secretStart: 'whsec_AbCd',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3vYEVwP3oK0=';
const DELIVERY: TWebhookDelivery = {
  id: 31,
  messageId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  eventType: 'upload.completed',
  status: 'FAILED',
  createdAt: '2026-11-02T08:00:00Z',
  nextAttemptAt: null,
  payload: '{}',
  attempts: [
    {
      attemptedAt: '2026-11-02T08:00:00Z',
      statusCode: 500,
      error: null,
      durationMs: 84,
      responseBody: 'upstream exploded',
    },
    {
      attemptedAt: '2026-11-02T08:00:05Z',
      statusCode: null,
      error: 'No answer within 15 seconds',
      durationMs: 15000,
      responseBody: '',
    },
  ],
};

/** The server, faked at the network: the endpoints, their log, and what the screen sends. */
function serve(endpoints: TWebhookEndpoint[]) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  let items = endpoints;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === API_PATHS.webhooks(2))
      return jsonResponse({ items });
    if (request.method === 'GET' && pathname === API_PATHS.webhookDeliveries(2, 4))
      return jsonResponse({ items: [DELIVERY] });
    const text = await request.text();
    sent.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
    if (request.method === 'POST' && pathname === API_PATHS.webhooks(2)) {
      const created = { ...ENDPOINT, secret: SECRET };
      items = [created, ...items];
      return jsonResponse(created, 201);
    }
    if (request.method === 'PATCH' && pathname === API_PATHS.webhook(2, 4)) {
      items = items.map((e) => ({ ...e, enabled: false, disabledReason: 'Disabled by Ada' }));
      return jsonResponse(items[0]);
    }
    if (request.method === 'POST' && pathname === API_PATHS.webhookDeliveryResend(2, 4, 31))
      return jsonResponse({ ...DELIVERY, id: 32, status: 'PENDING', attempts: [] }, 201);
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return sent;
}

function renderScreen(roleId: RoleId) {
  return renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(roleId))}>
      <Routes>
        <Route path="/organizations/:organizationId/webhooks" element={<WebhooksRoute />} />
      </Routes>
    </AuthContext.Provider>,
    { route: '/organizations/2/webhooks' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('webhooks of an organization', () => {
  it('adds an endpoint for the events chosen and shows its secret once', async () => {
    const sent = serve([]);
    renderScreen(ROLES.ORGANIZATION_ADMIN);
    await screen.findByText('No webhook endpoints yet');
    await userEvent.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    within(dialog).getByText('Choose at least one event.');
    expect(sent).toEqual([]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Address/ }),
      'https://sis.example.edu/laurel',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /upload\.completed/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: API_PATHS.webhooks(2),
          body: { url: 'https://sis.example.edu/laurel', events: ['upload.completed'] },
        },
      ]),
    );
    const secret = await screen.findByRole('dialog', { name: 'Copy the signing secret now' });
    expect(
      (within(secret).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value,
    ).toBe(SECRET);
    await userEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    await screen.findByText('whsec_AbCd…');
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('disables an endpoint and shows why', async () => {
    const sent = serve([ENDPOINT]);
    renderScreen(ROLES.ORGANIZATION_ADMIN);
    await userEvent.click(
      await screen.findByRole('switch', { name: 'https://sis.example.edu/laurel enabled' }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PATCH', path: API_PATHS.webhook(2, 4), body: { enabled: false } },
      ]),
    );
    await screen.findByText('Disabled by Ada');
  });

  it('shows the delivery log with every attempt, and resends a delivery', async () => {
    const sent = serve([ENDPOINT]);
    renderScreen(ROLES.ORGANIZATION_ADMIN);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Deliveries to https://sis.example.edu/laurel' }),
    );
    const log = await screen.findByRole('dialog', {
      name: 'Deliveries to https://sis.example.edu/laurel',
    });
    await within(log).findByText('msg_2KWPBgLlAfxdpx2AI54pPJ85f4W');
    within(log).getByText('Failed');
    within(log).getByText(/HTTP 500 · 84 ms$/);
    within(log).getByText('upstream exploded');
    within(log).getByText(/No answer within 15 seconds · 15000 ms$/);
    await userEvent.click(
      within(log).getByRole('button', { name: /^Resend the upload\.completed/ }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', path: API_PATHS.webhookDeliveryResend(2, 4, 31), body: null },
      ]),
    );
    await screen.findByText('The upload.completed event is sent again.');
  });

  it('is closed to a user who is not an admin', async () => {
    serve([ENDPOINT]);
    renderScreen(ROLES.USER);
    await screen.findByText('Not found or no access');
    expect(screen.queryByText('https://sis.example.edu/laurel')).toBeNull();
  });
});
