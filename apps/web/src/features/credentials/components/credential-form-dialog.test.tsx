import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCredential } from '@laurel/contract/credentials';
import { API_PATHS } from '@laurel/contract/paths';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CredentialFormDialog } from './credential-form-dialog';

const TAKEN = 'This organization already has a credential with this code';

/** The server, faked at the network: credential types, and a code that is already used. */
function serve() {
  const created: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (pathname === '/api/credentials/types')
      return jsonResponse([{ id: 3, code: 'CERTIFICATE', name: 'Certificate' }]);
    if (pathname === API_PATHS.credentials && request.method === 'POST') {
      created.push(await request.json());
      return jsonResponse({ message: TAKEN, fieldErrors: { code: 'Already used' } }, 409);
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return created;
}

const helperOf = (field: HTMLElement) =>
  document
    .getElementById(field.getAttribute('aria-describedby') ?? '')
    // An empty helper line holds a zero-width space, to keep its height.
    ?.textContent?.replace('\u200b', '')
    .trim();

afterEach(() => vi.restoreAllMocks());

describe('the credential form', () => {
  it('checks a field with the contract schema once it is left, then as the person types', async () => {
    serve();
    renderWithProviders(<CredentialFormDialog open organizationId={2} onClose={() => undefined} />);
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await userEvent.type(code, 'x');
    expect(code.getAttribute('aria-invalid')).toBe('false');
    await userEvent.tab();
    expect(helperOf(code)).toBe('At least 2 characters');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    // The type has the focus now but was not left: nothing is said about it yet.
    expect(screen.queryByText('Choose a type')).toBeNull();
    await userEvent.type(code, 'y!');
    expect(helperOf(code)).toBe('Letters, digits, dot, dash and underscore only');
    await userEvent.type(code, '{Backspace}');
    expect(helperOf(code)).toBe('');
    // The name was left empty (it had the focus first).
    expect(helperOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('At least 2 characters');
  });

  it('asks for the organization once its picker is left empty', async () => {
    serve();
    renderWithProviders(
      <CredentialFormDialog open organizationId={null} onClose={() => undefined} />,
    );
    const picker = screen.getByRole('combobox', { name: /^Organization/ });
    expect(document.activeElement).toBe(picker);
    expect(screen.queryByText('Choose an organization')).toBeNull();
    await userEvent.tab();
    await screen.findByText('Choose an organization');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
  });

  it('says everything that is missing on submit, and sends nothing', async () => {
    const created = serve();
    renderWithProviders(<CredentialFormDialog open organizationId={2} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create credential' }));
    expect(helperOf(screen.getByRole('textbox', { name: /^Name/ }))).toBe('At least 2 characters');
    await screen.findByText('Choose a type');
    expect(created).toEqual([]);
  });

  it("puts the server's field error on its field, until the field is changed", async () => {
    const created = serve();
    const onClose = vi.fn();
    renderWithProviders(<CredentialFormDialog open organizationId={2} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New credential' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Solar Installer');
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await userEvent.type(code, 'NW-SOLAR');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Certificate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create credential' }));

    await waitFor(() => expect(helperOf(code)).toBe('Already used'));
    expect(within(dialog).getByRole('alert').textContent).toBe(TAKEN);
    expect(created).toEqual([
      {
        organization_id: 2,
        name: 'Solar Installer',
        code: 'NW-SOLAR',
        type_id: 3,
        program_code: null,
        description: null,
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.type(code, '2');
    expect(helperOf(code)).toBe('');
  });

  it("shows the credential's stored values to edit, and sends them back as the body's fields", async () => {
    const credential: TCredential = {
      id: 7,
      organizationId: 2,
      organizationName: 'Northwind Technical College',
      name: 'Solar Installer',
      code: 'NW-SOLAR',
      typeId: 3,
      typeName: 'Certificate',
      programCode: '15.0503',
      description: null,
      status: 'ACTIVE',
      awardCount: 0,
      updatedAt: '2026-11-01T00:00:00.000Z',
      createdAt: '2026-11-01T00:00:00.000Z',
      firstAwardYear: null,
      lastAwardYear: null,
    };
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (pathname === '/api/credentials/types')
        return jsonResponse([{ id: 3, code: 'CERTIFICATE', name: 'Certificate' }]);
      if (pathname === API_PATHS.credential(7) && request.method === 'PATCH') {
        sent.push(await request.json());
        return jsonResponse(credential);
      }
      return jsonResponse({ message: 'Not found' }, 404);
    });
    const onSaved = vi.fn();
    renderWithProviders(
      <CredentialFormDialog
        open
        credential={credential}
        organizationId={2}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Solar Installer' });
    const field = (name: RegExp) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });
    expect(field(/^Name/).value).toBe('Solar Installer');
    expect(field(/^Code/).value).toBe('NW-SOLAR');
    expect(field(/^Program code/).value).toBe('15.0503');
    expect(field(/^Description/).value).toBe('');
    await userEvent.type(field(/^Description/), 'Rooftop arrays.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        name: 'Solar Installer',
        code: 'NW-SOLAR',
        type_id: 3,
        program_code: '15.0503',
        description: 'Rooftop arrays.',
      },
    ]);
  });
});
