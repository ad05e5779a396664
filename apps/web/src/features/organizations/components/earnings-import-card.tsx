import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TEarningsImport } from '@laurel/contract/earnings-imports';

import { getErrorText } from '../../../lib/errors/error-text';
import { formatNumber } from '../../../lib/format/format';
import {
  useCreateEarningsImportMutation,
  useGetEarningsImportQuery,
} from '../api/earnings-imports-api';
const running = (item: TEarningsImport) =>
  item.status === 'PENDING' || item.status === 'PROCESSING';

/** Progress of a running import: checking first, then storing. */
function ImportProgress({ item }: { item: TEarningsImport }) {
  const storing = item.rowsTotal > 0;
  const text = storing
    ? `Stored ${formatNumber(item.rowsProcessed)} of ${formatNumber(item.rowsTotal)} rows`
    : item.status === 'PENDING'
      ? 'Waiting to start'
      : `Checked ${formatNumber(item.rowsChecked)} rows`;
  return (
    <>
      <LinearProgress
        variant={storing ? 'determinate' : 'indeterminate'}
        value={storing ? (100 * item.rowsProcessed) / item.rowsTotal : undefined}
        aria-label={text}
        sx={{ height: 8, borderRadius: 4, mt: 4, mb: 2 }}
      />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </>
  );
}

/** The outcome, or the progress while it runs; asked every second until it has finished. */
function ImportState({ initial }: { initial: TEarningsImport }) {
  const [polling, setPolling] = useState(true);
  const { data } = useGetEarningsImportQuery(initial.id, {
    pollingInterval: polling ? 1000 : 0,
    skipPollingIfUnfocused: false,
  });
  const item = data ?? initial;
  if (polling && !running(item)) setPolling(false);
  if (running(item)) return <ImportProgress item={item} />;
  if (item.status === 'COMPLETED')
    return (
      <Alert severity="success" sx={{ mt: 4 }}>
        Imported {formatNumber(item.rowsProcessed)} rows for {formatNumber(item.awards)} awards (
        {formatNumber(item.newlyMatched)} newly matched). Insights are being rebuilt.
      </Alert>
    );
  return (
    <Alert severity="error" sx={{ mt: 4 }}>
      {item.errorMessage}
      {item.rowErrors.length > 0 ? (
        <ul>
          {item.rowErrors.map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/**
 * A platform admin imports a bureau's earnings result file for the organization; one without the
 * earnings entitlement is neither matched nor billed, so nothing can be imported for it.
 */
export function EarningsImportCard({
  organizationId,
  entitled,
}: {
  organizationId: number;
  entitled: boolean;
}) {
  const [create, { isLoading, error }] = useCreateEarningsImportMutation();
  const [started, setStarted] = useState<TEarningsImport | null>(null);
  if (!entitled)
    return (
      <Card component="section" aria-labelledby="earnings-import-title">
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <Typography variant="h6" component="h2" id="earnings-import-title" sx={{ mb: 2 }}>
            Earnings result file
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Earnings are not part of this organization’s contract, so its awards are neither matched
            nor billed and no earnings file can be imported. With insights included (Edit), its
            awards are matched.
          </Typography>
        </CardContent>
      </Card>
    );
  return (
    <Card component="section" aria-labelledby="earnings-import-title">
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        <Typography variant="h6" component="h2" id="earnings-import-title" sx={{ mb: 2 }}>
          Earnings result file
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
          Import a CSV file of earnings from a data provider. Every row is checked first; any error
          refuses the whole file.
        </Typography>
        <Button variant="outlined" component="label" disabled={isLoading}>
          Import file…
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              const result = await create({ organizationId, file });
              if ('data' in result && result.data) setStarted(result.data);
            }}
          />
        </Button>
        {error ? (
          <Alert severity="error" sx={{ mt: 4 }}>
            {getErrorText(error)}
          </Alert>
        ) : null}
        {started ? <ImportState key={started.id} initial={started} /> : null}
      </CardContent>
    </Card>
  );
}
