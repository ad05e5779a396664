import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  BENCHMARK_COLUMNS,
  BENCHMARK_PREVIOUS_VERSION_DAYS,
  type BenchmarkMetric,
  type TBenchmarkDataSet,
  type TBenchmarkFileCheck,
} from '@laurel/contract/benchmarks';

import { EmptyState } from '../../../components/feedback/empty-state';
import { NoAccess } from '../../../components/feedback/no-access';
import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionCard } from '../../../components/layout/section-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format/format';
import {
  useCheckBenchmarksMutation,
  useRestoreBenchmarksMutation,
  useDeleteBenchmarksMutation,
  useImportBenchmarksMutation,
  useListBenchmarksQuery,
  useReplaceBenchmarksMutation,
} from '../api/benchmarks-api';

const METRIC_LABELS: Record<BenchmarkMetric, string> = {
  median_earnings: 'Median earnings by field',
  hs_earnings_threshold: 'High-school earnings threshold',
};

const EXAMPLE = [
  BENCHMARK_COLUMNS.join(','),
  'OR,51.3801,,median_earnings,2023,79400,Oregon wage records 2023',
  'US,,29-1141,median_earnings,2023,86070,BLS OEWS May 2023 national',
  'OR,,,hs_earnings_threshold,2023,31900,FVT earnings threshold 2023',
].join('\n');

/** A refused file's message and, under it, each row and column at fault. */
function Refusal({ error }: { error: unknown }) {
  const fieldErrors =
    error && typeof error === 'object' && 'fieldErrors' in error
      ? ((error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})
      : {};
  const rows = Object.entries(fieldErrors).map(([key, message]) => {
    const [line, column] = key.split('.');
    return { key, text: `Line ${line}${column === 'row' ? '' : `, ${column}`}: ${message}` };
  });
  return (
    <Alert severity="error" sx={{ mb: 5 }} data-testid="benchmark-refusal">
      <AlertTitle>The file was not imported</AlertTitle>
      {getErrorText(error)}
      {rows.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 2, pl: 5 }}>
          {rows.map((row) => (
            <li key={row.key}>{row.text}</li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

/** A button that opens the file chooser and hands over the chosen CSV file. */
function FileButton({
  children,
  onFile,
  disabled,
  variant = 'outlined',
  label,
}: {
  children: ReactNode;
  onFile: (file: File) => void;
  disabled?: boolean;
  variant?: 'outlined' | 'contained' | 'text';
  label?: string;
}) {
  return (
    <Button
      variant={variant}
      component="label"
      disabled={disabled}
      startIcon={<UploadFileOutlined />}
      aria-label={label}
    >
      {children}
      <input
        hidden
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}

const rowsText = (rows: number) => `${formatNumber(rows)} ${rows === 1 ? 'row' : 'rows'}`;

function DataSetCard({
  set,
  count,
  busy,
  onReplace,
  onRestore,
  onDelete,
}: {
  set: TBenchmarkDataSet;
  /** How many data sets are listed. */
  count: number;
  busy: boolean;
  onReplace: (file: File) => void;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const years =
    set.yearFrom === null
      ? null
      : set.yearFrom === set.yearTo
        ? String(set.yearFrom)
        : `${set.yearFrom}–${set.yearTo}`;
  return (
    <Card component="article" aria-label={set.fileName}>
      <CardContent sx={{ p: { xs: 5, md: 6 }, '&:last-child': { pb: { xs: 5, md: 6 } } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 3,
            alignItems: 'flex-start',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {set.fileName}
            </Typography>
            {count > 1 ? (
              <Chip
                size="small"
                color={set.precedence === 1 ? 'primary' : 'default'}
                variant={set.precedence === 1 ? 'filled' : 'outlined'}
                label={
                  set.precedence === 1
                    ? 'Used first for overlapping rows'
                    : `Used after ${set.precedence - 1} other ${set.precedence === 2 ? 'data set' : 'data sets'}`
                }
                sx={{ my: 1 }}
              />
            ) : null}
            <Typography color="text.secondary">
              {rowsText(set.rows)} · {formatNumber(set.geographies)}{' '}
              {set.geographies === 1 ? 'place' : 'places'}
              {years ? ` · ${years}` : ''}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <FileButton
              onFile={onReplace}
              disabled={busy}
              label={`Replace ${set.fileName} with another file`}
            >
              Replace…
            </FileButton>
            {set.previousVersion ? (
              <Button
                startIcon={<HistoryOutlined />}
                onClick={onRestore}
                disabled={busy}
                aria-label={`Restore previous version of ${set.fileName}`}
              >
                Restore previous version
              </Button>
            ) : null}
            <Button
              color="error"
              startIcon={<DeleteOutlineOutlined />}
              onClick={onDelete}
              disabled={busy}
              aria-label={`Delete ${set.fileName}`}
            >
              Delete
            </Button>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
          {set.metrics.map((metric) => (
            <Chip key={metric} size="small" label={METRIC_LABELS[metric]} />
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 3, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {set.sources.length === 1 ? 'Source' : 'Sources'}:
          </Box>{' '}
          {set.sources.join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {set.createdAt === set.updatedAt ? 'Imported' : 'Replaced'}{' '}
          {formatDateTime(set.updatedAt)}
          {set.importedBy ? ` by ${set.importedBy}` : ' with the demo world'}
        </Typography>
        {set.previousVersion ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Previous version: {set.previousVersion.fileName} ({rowsText(set.previousVersion.rows)}
            ), restorable until {formatDate(set.previousVersion.restorableUntil)}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `/benchmarks`: the earnings benchmarks credentials are compared with (platform admins). */
export default function BenchmarksRoute() {
  const canDo = useCan();
  if (!canDo('manage:benchmark')) return <NoAccess />;
  return <Benchmarks />;
}

function Benchmarks() {
  const { data, isLoading, error: listError } = useListBenchmarksQuery();
  const [importFile, importing] = useImportBenchmarksMutation();
  const [replaceFile, replacing] = useReplaceBenchmarksMutation();
  const [checkFile, checking] = useCheckBenchmarksMutation();
  const [restore, restoring] = useRestoreBenchmarksMutation();
  const [deleteSet, deleting] = useDeleteBenchmarksMutation();
  const [refusal, setRefusal] = useState<unknown>(null);
  const [toDelete, setToDelete] = useState<TBenchmarkDataSet | null>(null);
  // A replacement waits for a yes, once the new file has been checked whole.
  const [toReplace, setToReplace] = useState<{
    set: TBenchmarkDataSet;
    file: File;
    check: TBenchmarkFileCheck;
  } | null>(null);
  const [toRestore, setToRestore] = useState<TBenchmarkDataSet | null>(null);
  const { showSnackbar } = useSnackbar();
  const busy =
    importing.isLoading ||
    replacing.isLoading ||
    checking.isLoading ||
    restoring.isLoading ||
    deleting.isLoading;
  const count = data?.items.length ?? 0;

  const run = async (
    action: () => Promise<TBenchmarkDataSet>,
    done: (set: TBenchmarkDataSet) => string,
  ) => {
    setRefusal(null);
    try {
      const set = await action();
      showSnackbar(done(set), 'success');
    } catch (error) {
      setRefusal(error);
    }
  };
  const onImport = (file: File) =>
    run(
      () => importFile(file).unwrap(),
      (set) => `Imported ${formatNumber(set.rows)} benchmark rows from ${set.fileName}`,
    );
  const onReplace = async (set: TBenchmarkDataSet, file: File) => {
    setRefusal(null);
    try {
      const check = await checkFile(file).unwrap();
      setToReplace({ set, file, check });
    } catch (error) {
      setRefusal(error);
    }
  };
  const confirmReplace = async () => {
    if (!toReplace) return;
    const { set, file } = toReplace;
    await run(
      () => replaceFile({ id: set.id, file }).unwrap(),
      (next) =>
        `Replaced ${set.fileName} with ${rowsText(next.rows)} from ${next.fileName}; the previous version can be restored for ${BENCHMARK_PREVIOUS_VERSION_DAYS} days`,
    );
    setToReplace(null);
  };
  const confirmRestore = async () => {
    if (!toRestore) return;
    await run(
      () => restore(toRestore.id).unwrap(),
      (next) => `Restored ${next.fileName} (${rowsText(next.rows)})`,
    );
    setToRestore(null);
  };

  return (
    <>
      <PageHeader
        title="Earnings benchmarks"
        subtitle="Each credential’s salary a year after the award is compared with the median earnings of its field in its state (else the nation), and with the high-school earnings threshold. Every figure shows its source."
        actions={
          <FileButton variant="contained" onFile={(file) => void onImport(file)} disabled={busy}>
            Import benchmark file…
          </FileButton>
        }
      />
      {refusal ? <Refusal error={refusal} /> : null}
      {count > 1 ? (
        <Typography color="text.secondary" sx={{ mb: 4 }} data-testid="benchmark-precedence">
          Where several data sets have a figure for the same place, code, metric and year, the one
          higher in this list is used: data sets imported later come first, and a replaced data set
          keeps its place.
        </Typography>
      ) : null}
      {listError ? (
        <Alert severity="error" sx={{ mb: 5 }}>
          The benchmarks could not be loaded: {getErrorText(listError)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 4, mb: 6 }} aria-busy={isLoading}>
        {isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : data && data.items.length === 0 ? (
          <Card>
            <EmptyState
              icon={<InsightsOutlined />}
              title="No benchmarks yet"
              description="Import a CSV file of benchmark figures in the format below. Credentials are then compared with the figure for their field and place on their salary card and chart."
            />
          </Card>
        ) : (
          data?.items.map((set) => (
            <DataSetCard
              key={set.id}
              set={set}
              count={count}
              busy={busy}
              onReplace={(file) => void onReplace(set, file)}
              onRestore={() => setToRestore(set)}
              onDelete={() => setToDelete(set)}
            />
          ))
        )}
      </Box>
      <SectionCard
        title="File format"
        description="A UTF-8 CSV file with a header row. Every row is checked before any is stored: a file with an error is refused whole, each row and column at fault named."
      >
        <Box component="ul" sx={{ m: 0, pl: 5, display: 'grid', gap: 1 }}>
          <li>
            <b>geography</b>: US, or a state’s two-letter postal code
          </li>
          <li>
            <b>cip</b> or <b>soc</b>: the program field (CIP, e.g. 51.3801, or its series 51.38 or
            family 51) or the occupation (SOC, e.g. 29-1141); neither for the threshold
          </li>
          <li>
            <b>metric</b>: median_earnings, or hs_earnings_threshold (median earnings of high-school
            graduates aged 25–34)
          </li>
          <li>
            <b>year</b>, <b>value</b> (annual dollars of that year), <b>source</b> (where the figure
            comes from: shown with it)
          </li>
        </Box>
        <Box
          component="pre"
          sx={{
            mt: 4,
            mb: 0,
            p: 4,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: '0.8125rem',
            overflowX: 'auto',
          }}
        >
          {EXAMPLE}
        </Box>
      </SectionCard>
      <ConfirmDialog
        open={toReplace !== null}
        title="Replace this data set?"
        confirmLabel="Replace"
        busy={replacing.isLoading}
        onCancel={() => setToReplace(null)}
        onConfirm={() => void confirmReplace()}
      >
        {toReplace ? (
          <>
            <Box component="span" sx={{ display: 'block', mb: 2 }} data-testid="replace-counts">
              {toReplace.set.fileName} ({rowsText(toReplace.set.rows)}) → {toReplace.check.fileName}{' '}
              ({rowsText(toReplace.check.rows)})
            </Box>
            Credentials are compared with the new file’s figures at once. The current rows are kept
            for {BENCHMARK_PREVIOUS_VERSION_DAYS} days: “Restore previous version” puts them back.
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={toRestore !== null}
        title="Restore the previous version?"
        confirmLabel="Restore"
        busy={restoring.isLoading}
        onCancel={() => setToRestore(null)}
        onConfirm={() => void confirmRestore()}
      >
        {toRestore?.previousVersion ? (
          <>
            <Box component="span" sx={{ display: 'block', mb: 2 }} data-testid="restore-counts">
              {toRestore.fileName} ({rowsText(toRestore.rows)}) →{' '}
              {toRestore.previousVersion.fileName} ({rowsText(toRestore.previousVersion.rows)})
            </Box>
            The figures of {toRestore.previousVersion.fileName} come back; {toRestore.fileName}{' '}
            becomes the previous version, so this can be undone the same way.
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this data set?"
        confirmLabel="Delete"
        destructive
        busy={deleting.isLoading}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await deleteSet(toDelete.id).unwrap();
            showSnackbar(`Deleted ${toDelete.fileName}`, 'success');
          } catch (error) {
            showSnackbar(getErrorText(error), 'error');
          }
          setToDelete(null);
        }}
      >
        {toDelete?.fileName} and its {formatNumber(toDelete?.rows ?? 0)} rows are removed;
        credentials no longer compare with its figures.
      </ConfirmDialog>
    </>
  );
}
