import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@laurel/contract/constants';
import { ROLES } from '@laurel/contract/roles';

import { AuthContext } from '../../../lib/auth/auth-context';
import { setLanguage } from '../../../lib/i18n/language';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import SettingsRoute from './settings';

describe('settings', () => {
  afterEach(() => {
    setLanguage('en');
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('switches to Spanish at once, keeps it in this browser and on the profile', async () => {
    const profile = { ...profileOf(ROLES.ORGANIZATION_ADMIN), language: 'es' };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(profile));
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    const language = screen.getByRole('group', { name: 'Language' });
    expect(within(language).getByRole('button', { name: 'English' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    await userEvent.click(within(language).getByRole('button', { name: 'Español' }));

    await screen.findByRole('heading', { level: 1, name: 'Configuración' });
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('language')).toBe('es');
    // MUI's toggle buttons and the screen's texts follow.
    within(screen.getByRole('group', { name: 'Apariencia' })).getByRole('button', {
      name: 'Oscuro',
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/users/profile/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'es' });
    // Every request says which language its answer's messages should be in.
    expect(new Headers(init.headers).get('Accept-Language')).toBe('es');

    await userEvent.click(
      within(screen.getByRole('group', { name: 'Idioma' })).getByRole('button', {
        name: 'English',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(document.documentElement.lang).toBe('en');
  });

  it('says so when the profile could not keep the language, and keeps it in this browser', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Not found' }, 404));
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByText(
      'El idioma se guardó en este navegador, pero no se pudo guardar en su perfil.',
    );
    expect(window.localStorage.getItem('language')).toBe('es');
  });

  it('keeps the language in this browser only before sign-in', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(
      <AuthContext.Provider value={authValue(null)}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByRole('heading', { level: 1, name: 'Configuración' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an organization admin switch the monthly insights digest on, saved at once', async () => {
    const admin = profileOf(ROLES.ORGANIZATION_ADMIN);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ ...admin, insightsDigest: true }));
    renderWithProviders(
      <AuthContext.Provider value={authValue(admin)}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    const digest = screen.getByRole('switch', {
      name: 'Monthly insights digest',
      description:
        "Once a month, an e-mail with what changed in your organization's insights and a link to its report.",
    });
    expect(digest).toHaveProperty('checked', false);
    await userEvent.click(digest);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/users/profile/insights-digest');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ insightsDigest: true });
    await waitFor(() => expect(digest).toHaveProperty('checked', true));
  });

  it('switches the digest back and says so when it could not be saved', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'Nope' }, 500));
    renderWithProviders(
      <AuthContext.Provider
        value={authValue({ ...profileOf(ROLES.ORGANIZATION_ADMIN), insightsDigest: true })}
      >
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    const digest = screen.getByRole('switch', { name: 'Monthly insights digest' });
    expect(digest).toHaveProperty('checked', true);
    await userEvent.click(digest);
    await screen.findByText(
      'The monthly insights digest could not be switched. Check your connection and try again.',
    );
    expect(digest).toHaveProperty('checked', true);
  });

  it("shows the profile's choice once the profile arrives", () => {
    const { rerender } = renderWithProviders(
      <AuthContext.Provider value={authValue(null)}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    rerender(
      <AuthContext.Provider
        value={authValue({ ...profileOf(ROLES.ORGANIZATION_ADMIN), insightsDigest: true })}
      >
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('switch', { name: 'Monthly insights digest' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('offers the digest to organization admins only', () => {
    const { unmount } = renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    unmount();
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.PLATFORM_ADMIN))}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('names the digest in Spanish', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ ...profileOf(ROLES.ORGANIZATION_ADMIN), language: 'es' }),
    );
    renderWithProviders(
      <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
        <SettingsRoute />
      </AuthContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    await screen.findByRole('switch', {
      name: 'Resumen mensual de indicadores',
      description:
        'Una vez al mes, un correo electrónico con lo que cambió en los indicadores de su organización y un enlace a su informe.',
    });
  });

  it('keeps the appearance (light, dark, system) apart from the colour theme', async () => {
    renderWithProviders(<SettingsRoute />);
    const appearance = screen.getByRole('group', { name: 'Appearance' });
    expect(
      within(appearance)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Light', 'Dark', 'Match system']);
    const themes = screen.getByRole('radiogroup', { name: 'Colour theme' });
    const radios = within(themes).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'DEFAULT',
      'BLUE',
      'GREEN',
      'INDIGO',
      'DARK',
      'LIGHT',
    ]);
    // No theme is called light or dark: those words name the appearance only.
    const names = ['Standard', 'Blue', 'Green', 'Indigo', 'Charcoal', 'Plain'];
    for (const name of names) within(themes).getByRole('radio', { name });
    expect(within(themes).getByRole('radio', { name: 'Standard' })).toHaveProperty('checked', true);
    // Described by its note (aria-describedby), which says what Charcoal looks like.
    within(themes).getByRole('radio', { name: 'Charcoal', description: /^Charcoal header/ });

    await userEvent.click(within(themes).getByRole('radio', { name: 'Blue' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('BLUE');
    expect(within(themes).getByRole('radio', { name: 'Blue' })).toHaveProperty('checked', true);
    expect(within(themes).getByRole('radio', { name: 'Standard' })).toHaveProperty(
      'checked',
      false,
    );

    await userEvent.click(within(appearance).getByRole('button', { name: 'Dark' }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.mode)).toBe('dark'));
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('BLUE');
  });
});
