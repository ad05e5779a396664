import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const storing = item.rowsTotal > 0;
  const text = storing
    ? intl.formatMessage(
        { id: 'organizations.earnings.stored' },
        { processed: formatNumber(item.rowsProcessed), total: formatNumber(item.rowsTotal) },
      )
    : item.status === 'PENDING'
      ? intl.formatMessage({ id: 'organizations.earnings.waiting' })
      : intl.formatMessage(
          { id: 'organizations.earnings.checked' },
          { checked: formatNumber(item.rowsChecked) },
        );
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
        <FormattedMessage
          id="organizations.earnings.imported"
          values={{
            rows: formatNumber(item.rowsProcessed),
            awards: formatNumber(item.awards),
            matched: formatNumber(item.newlyMatched),
          }}
        />
      </Alert>
    );
  return (
    <Alert severity="error" sx={{ mt: 4 }}>
      {item.errorMessage}
      {item.rowErrors.length > 0 ? (
        <ul>
          {item.rowErrors.map((e) => (
            <li key={e.line}>
              <FormattedMessage
                id="organizations.earnings.rowError"
                values={{ line: e.line, message: e.message }}
              />
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
            <FormattedMessage id="organizations.earnings.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="organizations.earnings.notEntitled" />
          </Typography>
        </CardContent>
      </Card>
    );
  return (
    <Card component="section" aria-labelledby="earnings-import-title">
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        <Typography variant="h6" component="h2" id="earnings-import-title" sx={{ mb: 2 }}>
          <FormattedMessage id="organizations.earnings.title" />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
          <FormattedMessage id="organizations.earnings.description" />
        </Typography>
        <Button variant="outlined" component="label" disabled={isLoading}>
          <FormattedMessage id="organizations.earnings.import" />
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
