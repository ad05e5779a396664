import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
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
import { formatDate, formatDateTime } from '../../../lib/format/format';
import type { MessageId } from '../../../lib/i18n/catalogue';
import {
  useCheckBenchmarksMutation,
  useRestoreBenchmarksMutation,
  useDeleteBenchmarksMutation,
  useImportBenchmarksMutation,
  useListBenchmarksQuery,
  useReplaceBenchmarksMutation,
} from '../api/benchmarks-api';

const METRIC_LABELS: Record<BenchmarkMetric, MessageId> = {
  median_earnings: 'benchmarks.metric.medianEarnings',
  hs_earnings_threshold: 'benchmarks.metric.hsEarningsThreshold',
};

const EXAMPLE = [
  BENCHMARK_COLUMNS.join(','),
  'OR,51.3801,,median_earnings,2023,79400,Oregon wage records 2023',
  'US,,29-1141,median_earnings,2023,86070,BLS OEWS May 2023 national',
  'OR,,,hs_earnings_threshold,2023,31900,FVT earnings threshold 2023',
].join('\n');

/** A refused file's message and, under it, each row and column at fault. */
function Refusal({ error }: { error: unknown }) {
  const intl = useIntl();
  const fieldErrors =
    error && typeof error === 'object' && 'fieldErrors' in error
      ? ((error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})
      : {};
  const rows = Object.entries(fieldErrors).map(([key, message]) => {
    const [line, column] = key.split('.');
    return {
      key,
      text: intl.formatMessage(
        { id: 'benchmarks.refusal.line' },
        {
          line,
          column: column ?? '',
          hasColumn: column && column !== 'row' ? 'yes' : 'no',
          message,
        },
      ),
    };
  });
  return (
    <Alert severity="error" sx={{ mb: 5 }} data-testid="benchmark-refusal">
      <AlertTitle>
        <FormattedMessage id="benchmarks.refusal.title" />
      </AlertTitle>
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

const rowsText = (rows: number, intl: IntlShape) =>
  intl.formatMessage({ id: 'benchmarks.rows' }, { count: rows });

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
  const intl = useIntl();
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
                label={intl.formatMessage(
                  { id: 'benchmarks.dataSet.precedence' },
                  { before: set.precedence - 1 },
                )}
                sx={{ my: 1 }}
              />
            ) : null}
            <Typography color="text.secondary">
              <FormattedMessage
                id="benchmarks.dataSet.summary"
                values={{
                  rows: rowsText(set.rows, intl),
                  places: set.geographies,
                  years: years ?? '',
                  hasYears: years ? 'yes' : 'no',
                }}
              />
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <FileButton
              onFile={onReplace}
              disabled={busy}
              label={intl.formatMessage(
                { id: 'benchmarks.dataSet.replaceLabel' },
                { file: set.fileName },
              )}
            >
              <FormattedMessage id="benchmarks.dataSet.replace" />
            </FileButton>
            {set.previousVersion ? (
              <Button
                startIcon={<HistoryOutlined />}
                onClick={onRestore}
                disabled={busy}
                aria-label={intl.formatMessage(
                  { id: 'benchmarks.dataSet.restoreLabel' },
                  { file: set.fileName },
                )}
              >
                <FormattedMessage id="benchmarks.dataSet.restore" />
              </Button>
            ) : null}
            <Button
              color="error"
              startIcon={<DeleteOutlineOutlined />}
              onClick={onDelete}
              disabled={busy}
              aria-label={intl.formatMessage(
                { id: 'benchmarks.dataSet.deleteLabel' },
                { file: set.fileName },
              )}
            >
              <FormattedMessage id="benchmarks.delete" />
            </Button>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
          {set.metrics.map((metric) => (
            <Chip
              key={metric}
              size="small"
              label={intl.formatMessage({ id: METRIC_LABELS[metric] })}
            />
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 3, overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="benchmarks.dataSet.sources"
            values={{
              count: set.sources.length,
              sources: set.sources.join(' · '),
              b: (chunks) => (
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {chunks}
                </Box>
              ),
            }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <FormattedMessage
            id="benchmarks.dataSet.imported"
            values={{
              how: set.createdAt === set.updatedAt ? 'imported' : 'replaced',
              at: formatDateTime(set.updatedAt),
              by: set.importedBy ?? '',
              demo: set.importedBy ? 'no' : 'yes',
            }}
          />
        </Typography>
        {set.previousVersion ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <FormattedMessage
              id="benchmarks.dataSet.previousVersion"
              values={{
                file: set.previousVersion.fileName,
                rows: rowsText(set.previousVersion.rows, intl),
                until: formatDate(set.previousVersion.restorableUntil),
              }}
            />
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
  const intl = useIntl();
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
      (set) =>
        intl.formatMessage({ id: 'benchmarks.imported' }, { count: set.rows, file: set.fileName }),
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
        intl.formatMessage(
          { id: 'benchmarks.replaced' },
          {
            file: set.fileName,
            rows: rowsText(next.rows, intl),
            next: next.fileName,
            days: BENCHMARK_PREVIOUS_VERSION_DAYS,
          },
        ),
    );
    setToReplace(null);
  };
  const confirmRestore = async () => {
    if (!toRestore) return;
    await run(
      () => restore(toRestore.id).unwrap(),
      (next) =>
        intl.formatMessage(
          { id: 'benchmarks.restored' },
          { file: next.fileName, rows: rowsText(next.rows, intl) },
        ),
    );
    setToRestore(null);
  };

  return (
    <>
      <PageHeader
        title={intl.formatMessage({ id: 'benchmarks.title' })}
        subtitle={intl.formatMessage({ id: 'benchmarks.subtitle' })}
        actions={
          <FileButton variant="contained" onFile={(file) => void onImport(file)} disabled={busy}>
            <FormattedMessage id="benchmarks.import" />
          </FileButton>
        }
      />
      {refusal ? <Refusal error={refusal} /> : null}
      {count > 1 ? (
        <Typography color="text.secondary" sx={{ mb: 4 }} data-testid="benchmark-precedence">
          <FormattedMessage id="benchmarks.precedence" />
        </Typography>
      ) : null}
      {listError ? (
        <Alert severity="error" sx={{ mb: 5 }}>
          <FormattedMessage id="benchmarks.notLoaded" values={{ error: getErrorText(listError) }} />
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 4, mb: 6 }} aria-busy={isLoading}>
        {isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : data && data.items.length === 0 ? (
          <Card>
            <EmptyState
              icon={<InsightsOutlined />}
              title={intl.formatMessage({ id: 'benchmarks.empty.title' })}
              description={intl.formatMessage({ id: 'benchmarks.empty.description' })}
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
        title={intl.formatMessage({ id: 'benchmarks.format.title' })}
        description={intl.formatMessage({ id: 'benchmarks.format.description' })}
      >
        <Box component="ul" sx={{ m: 0, pl: 5, display: 'grid', gap: 1 }}>
          {(
            [
              'benchmarks.format.geography',
              'benchmarks.format.field',
              'benchmarks.format.metric',
              'benchmarks.format.yearValueSource',
            ] as const
          ).map((id) => (
            <li key={id}>
              <FormattedMessage id={id} values={{ b: (chunks) => <b>{chunks}</b> }} />
            </li>
          ))}
        </Box>
        {/* On a phone the example scrolls sideways: focusable, so a keyboard can scroll it too. */}
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage({ id: 'benchmarks.format.example' })}
          sx={{
            mt: 4,
            mb: 0,
            p: 4,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: '0.8125rem',
            overflowX: 'auto',
            '&:focus-visible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            },
          }}
        >
          {EXAMPLE}
        </Box>
      </SectionCard>
      <ConfirmDialog
        open={toReplace !== null}
        title={intl.formatMessage({ id: 'benchmarks.replaceDialog.title' })}
        confirmLabel={intl.formatMessage({ id: 'benchmarks.replaceDialog.confirm' })}
        busy={replacing.isLoading}
        onCancel={() => setToReplace(null)}
        onConfirm={() => void confirmReplace()}
      >
        {toReplace ? (
          <>
            <Box component="span" sx={{ display: 'block', mb: 2 }} data-testid="replace-counts">
              <FormattedMessage
                id="benchmarks.fromTo"
                values={{
                  from: toReplace.set.fileName,
                  fromRows: rowsText(toReplace.set.rows, intl),
                  to: toReplace.check.fileName,
                  toRows: rowsText(toReplace.check.rows, intl),
                }}
              />
            </Box>
            <FormattedMessage
              id="benchmarks.replaceDialog.description"
              values={{ days: BENCHMARK_PREVIOUS_VERSION_DAYS }}
            />
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={toRestore !== null}
        title={intl.formatMessage({ id: 'benchmarks.restoreDialog.title' })}
        confirmLabel={intl.formatMessage({ id: 'benchmarks.restoreDialog.confirm' })}
        busy={restoring.isLoading}
        onCancel={() => setToRestore(null)}
        onConfirm={() => void confirmRestore()}
      >
        {toRestore?.previousVersion ? (
          <>
            <Box component="span" sx={{ display: 'block', mb: 2 }} data-testid="restore-counts">
              <FormattedMessage
                id="benchmarks.fromTo"
                values={{
                  from: toRestore.fileName,
                  fromRows: rowsText(toRestore.rows, intl),
                  to: toRestore.previousVersion.fileName,
                  toRows: rowsText(toRestore.previousVersion.rows, intl),
                }}
              />
            </Box>
            <FormattedMessage
              id="benchmarks.restoreDialog.description"
              values={{ previous: toRestore.previousVersion.fileName, file: toRestore.fileName }}
            />
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={intl.formatMessage({ id: 'benchmarks.deleteDialog.title' })}
        confirmLabel={intl.formatMessage({ id: 'benchmarks.delete' })}
        destructive
        busy={deleting.isLoading}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await deleteSet(toDelete.id).unwrap();
            showSnackbar(
              intl.formatMessage({ id: 'benchmarks.deleted' }, { file: toDelete.fileName }),
              'success',
            );
          } catch (error) {
            showSnackbar(getErrorText(error), 'error');
          }
          setToDelete(null);
        }}
      >
        <FormattedMessage
          id="benchmarks.deleteDialog.description"
          values={{ file: toDelete?.fileName ?? '', rows: toDelete?.rows ?? 0 }}
        />
      </ConfirmDialog>
    </>
  );
}
