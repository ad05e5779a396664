import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { globalReset } from '../../../lib/api/reset';

/**
 * Charts draw one at a time (spec §3, §4): a chart card enqueues its id when it mounts, draws when
 * its id reaches the front, then dequeues; unmounting removes it wherever it stands. A screen with
 * several charts thus paints its cards first and its charts one after another.
 */
export interface ChartCardState {
  renderQueue: string[];
}

const initialState: ChartCardState = { renderQueue: [] };

export const chartCardSlice = createSlice({
  name: 'chartCard',
  initialState,
  reducers: {
    enqueueChart(state, action: PayloadAction<string>) {
      if (!state.renderQueue.includes(action.payload)) state.renderQueue.push(action.payload);
    },
    dequeueChart(state) {
      state.renderQueue.shift();
    },
    removeChart(state, action: PayloadAction<string>) {
      state.renderQueue = state.renderQueue.filter((id) => id !== action.payload);
    },
    clearCharts() {
      return initialState;
    },
  },
  extraReducers: (builder) => builder.addCase(globalReset, () => initialState),
});

export const { enqueueChart, dequeueChart, removeChart, clearCharts } = chartCardSlice.actions;

export const selectChartQueueFront = (state: { chartCard: ChartCardState }): string | null =>
  state.chartCard.renderQueue[0] ?? null;
