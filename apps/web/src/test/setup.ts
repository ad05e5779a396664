import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadCatalogue } from '../lib/i18n/catalogue';

// findBy… and waitFor wait up to 5 s for what a screen shows after a request or a debounce (1 s by
// default): on a shared, busy machine a search's answer can take longer than a second to render.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

// jsdom has no matchMedia; MUI's colour-scheme and media-query hooks need it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Every screen under test is drawn with the whole English catalogue, as the signed-in app is
// (the running app fetches it with the shell; lib/i18n/catalogue.ts).
await loadCatalogue('en');
