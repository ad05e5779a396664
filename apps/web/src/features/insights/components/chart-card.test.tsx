import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createStore } from '../../../app/store';
import { renderWithProviders } from '../../../test/render';
import { enqueueChart } from '../state/chart-card-slice';
import { ChartCard } from './chart-card';

describe('ChartCard', () => {
  it('draws charts one at a time, in the order they joined the queue', async () => {
    const store = createStore();
    const drawn: string[] = [];
    const chart = (name: string) => () => {
      // Who is still waiting when this chart draws.
      drawn.push(`${name} with ${store.getState().chartCard.renderQueue.length} queued`);
      return <p>{name} chart</p>;
    };
    renderWithProviders(
      <>
        <ChartCard height={100}>{chart('first')}</ChartCard>
        <ChartCard height={100}>{chart('second')}</ChartCard>
      </>,
      { store },
    );
    await screen.findByText('first chart');
    await screen.findByText('second chart');
    expect(drawn[0]).toBe('first with 2 queued');
    expect(drawn.find((entry) => entry.startsWith('second'))).toBe('second with 1 queued');
    expect(store.getState().chartCard.renderQueue).toEqual([]);
  });

  it('shows a skeleton while another chart is ahead, and leaves the queue on unmount', () => {
    const { store, unmount } = renderWithProviders(<div />);
    act(() => {
      store.dispatch(enqueueChart('someone-else'));
    });
    const view = renderWithProviders(<ChartCard height={100}>{() => <p>mine</p>}</ChartCard>, {
      store,
    });
    screen.getByTestId('chart-skeleton');
    expect(screen.queryByText('mine')).toBeNull();
    expect(store.getState().chartCard.renderQueue).toHaveLength(2);
    view.unmount();
    expect(store.getState().chartCard.renderQueue).toEqual(['someone-else']);
    unmount();
  });
});
