import type { ReactElement } from 'react';
import { act, fireEvent, render as renderAlone, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';
import { NOTIFICATION_AUTO_HIDE_MS } from '@laurel/contract/constants';

import { SnackbarProvider, preloadSnackbarBanner } from './snackbar-provider';
import { useSnackbar } from './use-snackbar';
import { I18nProvider } from '../../lib/i18n/i18n-provider';

/** Drawn as the app draws it, in its languages' provider. */
const render = (ui: ReactElement) => renderAlone(ui, { wrapper: I18nProvider });

function Trigger({ severity = 'success' as const, withUndo = false, onUndo = () => undefined }) {
  const { showSnackbar } = useSnackbar();
  return (
    <button
      type="button"
      onClick={() =>
        showSnackbar(
          'Bookmark added successfully',
          severity,
          withUndo ? { label: 'UNDO', onClick: onUndo } : undefined,
        )
      }
    >
      notify
    </button>
  );
}

describe('useSnackbar', () => {
  beforeAll(async () => {
    await preloadSnackbarBanner();
  });

  it('throws the spec message outside a SnackbarProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow(MESSAGES.useSnackbarOutsideProvider);
  });

  it('shows the message with its severity and hides it after 6000 ms', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'notify' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Bookmark added successfully');
      expect(alert.className).toContain('MuiAlert-colorSuccess');

      // A click elsewhere does not dismiss it.
      fireEvent.click(document.body);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_HIDE_MS - 100);
      });
      expect(screen.queryByRole('alert')).not.toBeNull();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      // Hidden at 6000 ms: the exit transition has started…
      expect(screen.queryByRole('alert')?.style.opacity ?? '0').toBe('0');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      // …and the banner is gone once it has run.
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is placed at the top centre', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.closest('.MuiSnackbar-root')?.className).toContain(
      'MuiSnackbar-anchorOriginTopCenter',
    );
  });

  it('runs an action such as UNDO and closes', async () => {
    const onUndo = vi.fn();
    render(
      <SnackbarProvider>
        <Trigger withUndo onUndo={onUndo} />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    fireEvent.click(await screen.findByRole('button', { name: 'UNDO' }));
    expect(onUndo).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
