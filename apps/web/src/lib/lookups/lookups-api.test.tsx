import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';

import { createStore } from '../../app/store';
import { resetAppState } from '../api/reset';
import { jsonResponse } from '../../test/render';
import { useLookup } from './lookups-api';

const SALUTATIONS = [
  { id: 1, code: 'DR', name: 'Dr.' },
  { id: 2, code: 'MS', name: 'Ms.' },
];

function Salutations({ label }: { label: string }) {
  const { data, isLoading, hasLoaded } = useLookup('salutations');
  return (
    <p data-testid={label}>
      {isLoading ? 'loading' : hasLoaded ? data.map((item) => item.name).join(',') : 'idle'}
    </p>
  );
}

function mockFetch() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/users/salutations')) return jsonResponse(SALUTATIONS);
    return jsonResponse({ message: 'Not found' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) =>
    (input instanceof Request ? input.url : String(input)).endsWith('/api/users/salutations'),
  ).length;

describe('cached lookup lists', () => {
  it('are requested once while loading, however many screens ask', async () => {
    const fetchMock = mockFetch();
    const store = createStore();
    render(
      <Provider store={store}>
        <Salutations label="a" />
        <Salutations label="b" />
        <Salutations label="c" />
      </Provider>,
    );
    expect(screen.getByTestId('a').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('c').textContent).toBe('Dr.,Ms.'));
    expect(calls(fetchMock)).toBe(1);
  });

  it('are not reloaded once loaded, even after every user left', async () => {
    const fetchMock = mockFetch();
    const store = createStore();
    const first = render(
      <Provider store={store}>
        <Salutations label="a" />
      </Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Dr.,Ms.'));
    first.unmount();

    render(
      <Provider store={store}>
        <Salutations label="again" />
      </Provider>,
    );
    expect(screen.getByTestId('again').textContent).toBe('Dr.,Ms.');
    expect(calls(fetchMock)).toBe(1);
  });

  it('are returned to initial by the global reset and loaded again afterwards', async () => {
    const fetchMock = mockFetch();
    const store = createStore();
    const first = render(
      <Provider store={store}>
        <Salutations label="a" />
      </Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Dr.,Ms.'));
    first.unmount();

    act(() => resetAppState(store.dispatch));
    expect(store.getState().api.queries).toEqual({});

    render(
      <Provider store={store}>
        <Salutations label="b" />
      </Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('Dr.,Ms.'));
    expect(calls(fetchMock)).toBe(2);
  });
});
