import { useState } from 'react';
import { BrowserRouter } from 'react-router';

import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { createStore } from './store';

export function App() {
  const [store] = useState(createStore);
  return (
    <BrowserRouter>
      <AppProviders store={store}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
