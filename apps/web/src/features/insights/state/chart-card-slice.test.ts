import { describe, expect, it } from 'vitest';

import { createStore } from '../../../app/store';
import { globalReset } from '../../../lib/api/reset';
import {
  chartCardSlice,
  clearCharts,
  dequeueChart,
  enqueueChart,
  removeChart,
  selectChartQueueFront,
} from './chart-card-slice';

const reduce = chartCardSlice.reducer;
const queue = (...ids: string[]) => ({ renderQueue: ids });

describe('chart card render queue (spec §3, §4)', () => {
  it('starts empty', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(queue());
  });

  it('enqueues at the back, once per id', () => {
    let state = reduce(queue(), enqueueChart('a'));
    state = reduce(state, enqueueChart('b'));
    state = reduce(state, enqueueChart('a'));
    expect(state).toEqual(queue('a', 'b'));
  });

  it('dequeues from the front', () => {
    expect(reduce(queue('a', 'b', 'c'), dequeueChart())).toEqual(queue('b', 'c'));
    expect(reduce(queue(), dequeueChart())).toEqual(queue());
  });

  it('removes an id wherever it stands', () => {
    expect(reduce(queue('a', 'b', 'c'), removeChart('b'))).toEqual(queue('a', 'c'));
    expect(reduce(queue('a'), removeChart('x'))).toEqual(queue('a'));
  });

  it('clears', () => {
    expect(reduce(queue('a', 'b'), clearCharts())).toEqual(queue());
  });

  it('is part of the store and emptied by the global reset (sign-out)', () => {
    const store = createStore();
    store.dispatch(enqueueChart('a'));
    store.dispatch(enqueueChart('b'));
    expect(selectChartQueueFront(store.getState())).toBe('a');
    store.dispatch(globalReset());
    expect(store.getState().chartCard).toEqual(queue());
    expect(selectChartQueueFront(store.getState())).toBeNull();
  });
});
