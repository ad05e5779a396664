import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { TInsightsRebuild } from '@laurel/contract/insights';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The time left in whole minutes, rounded up: the status says it this coarsely so that, polled
 * every few seconds, its text (and what a screen reader announces) changes at most once a minute.
 */
const minutesLeft = (secondsLeft: number | null): number | null =>
  secondsLeft === null ? null : Math.max(1, Math.ceil(secondsLeft / 60));

/**
 * That the figures shown are being updated, or that their update waits for another one to end,
 * with the estimated time left: a polite status, beside the figures it will replace.
 */
export function RebuildStatus({ rebuild }: { rebuild: TInsightsRebuild }) {
  const intl = useIntl();
  const minutes = minutesLeft(rebuild.secondsLeft);
  const values = { estimate: minutes === null ? 'unknown' : 'known', minutes: minutes ?? 0 };
  const reading = rebuild.state === 'RUNNING' && rebuild.phase === 'READING';
  return (
    <Alert severity="info" variant="outlined" role="none" sx={{ mb: 3 }}>
      <div role="status" aria-live="polite" data-testid="insights-rebuild-status">
        <FormattedMessage
          id={rebuild.state === 'RUNNING' ? 'insights.rebuild.running' : 'insights.rebuild.waiting'}
          values={values}
        />
      </div>
      {rebuild.state === 'RUNNING' ? (
        <LinearProgress
          sx={{ mt: 1 }}
          aria-label={intl.formatMessage({ id: 'insights.rebuild.progress' })}
          {...(reading && rebuild.rowsTotal > 0
            ? {
                variant: 'determinate' as const,
                value: Math.min(100, (100 * rebuild.rowsRead) / rebuild.rowsTotal),
              }
            : {})}
        />
      ) : null}
    </Alert>
  );
}
