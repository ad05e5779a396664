import { useEffect, useId, useState, type ReactNode } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Skeleton from '@mui/material/Skeleton';

import {
  dequeueChart,
  enqueueChart,
  removeChart,
  selectChartQueueFront,
  type ChartCardState,
} from '../state/chart-card-slice';

type QueueState = { chartCard: ChartCardState };

/**
 * Whether this chart's turn to draw has come: the id joins the render queue on mount, the chart
 * draws once the id is at the front, and the id leaves the queue after that first draw (or on
 * unmount, wherever it stands).
 */
function useChartTurn(): boolean {
  const id = useId();
  const dispatch = useDispatch();
  const store = useStore<QueueState>();
  const front = useSelector(selectChartQueueFront);
  const [drawn, setDrawn] = useState(false);
  if (!drawn && front === id) setDrawn(true);

  useEffect(() => {
    dispatch(enqueueChart(id));
    return () => {
      dispatch(removeChart(id));
    };
  }, [dispatch, id]);

  useEffect(() => {
    // Read the queue as it is now: a repeated effect must not dequeue another chart's id.
    if (drawn && selectChartQueueFront(store.getState()) === id) dispatch(dequeueChart());
  }, [drawn, dispatch, id, store]);

  return drawn;
}

/** Shows a skeleton until the render queue lets the chart draw. */
export function ChartCard({ height, children }: { height: number; children: () => ReactNode }) {
  const drawn = useChartTurn();
  if (!drawn) return <Skeleton variant="rounded" height={height} data-testid="chart-skeleton" />;
  return <>{children()}</>;
}
