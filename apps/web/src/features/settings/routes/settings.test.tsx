import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@laurel/contract/constants';

import { renderWithProviders } from '../../../test/render';
import SettingsRoute from './settings';

describe('settings', () => {
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
