import './lib/validation-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/900.css';
import './lib/theme/lato-fallback.css';
import './lib/theme/tokens.css';
import { followColorScheme } from './lib/theme/color-scheme';

import { App } from './app/app';

// Light or dark, and the chosen variant's accent, before the first screen is drawn.
followColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A transition: React renders the first tree in slices, yielding to the browser between them,
// instead of in one task that a phone's main thread cannot interrupt.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
