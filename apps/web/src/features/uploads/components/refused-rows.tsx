import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import {
  type TUploadRefusal,
  UPLOAD_WHOLE_ROW,
  type UploadRefusalReason,
} from '@laurel/contract/uploads';

import { DataTable, type Column } from '../../../components/data-table/data-table';
import { SelectFilter } from '../../../components/data-table/list-toolbar';
import { EmptyState } from '../../../components/feedback/empty-state';
import { formatNumber } from '../../../lib/format/format';
import type { MessageId } from '../../../lib/i18n/catalogue';
import { useGetUploadRefusalsQuery } from '../api/uploads-api';

const REFUSALS_PAGE_SIZE = 10;

const REASONS: Record<UploadRefusalReason, MessageId> = {
  'cell-count': 'uploads.refusals.reason.cellCount',
  'too-long': 'uploads.refusals.reason.tooLong',
  missing: 'uploads.refusals.reason.missing',
  'unknown-credential': 'uploads.refusals.reason.unknownCredential',
  'archived-credential': 'uploads.refusals.reason.archivedCredential',
  'invalid-email': 'uploads.refusals.reason.invalidEmail',
  'invalid-date': 'uploads.refusals.reason.invalidDate',
  'date-out-of-range': 'uploads.refusals.reason.dateOutOfRange',
  'repeated-row': 'uploads.refusals.reason.repeatedRow',
};

const columnLabel = (column: string | null, intl: IntlShape) =>
  column === null || column === UPLOAD_WHOLE_ROW
    ? intl.formatMessage({ id: 'uploads.refusals.wholeRow' })
    : column;

function ColumnName({ row }: { row: TUploadRefusal }) {
  const intl = useIntl();
  return (
    <Box component="span" sx={{ fontFamily: row.column ? 'monospace' : undefined }}>
      {columnLabel(row.column, intl)}
    </Box>
  );
}

function Reason({ row }: { row: TUploadRefusal }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        <FormattedMessage id={REASONS[row.reason]} />
      </Box>
      <Typography variant="body2" color="text.secondary" component="span">
        {row.message}
      </Typography>
    </>
  );
}

function Value({ row }: { row: TUploadRefusal }) {
  if (row.value === null) return '—';
  if (row.value === '')
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        <FormattedMessage id="uploads.refusals.empty" />
      </Typography>
    );
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {row.value}
    </Box>
  );
}

const columnsOf = (intl: IntlShape): Column<TUploadRefusal>[] => [
  {
    key: 'row',
    label: intl.formatMessage({ id: 'uploads.refusals.row' }),
    render: (row) => formatNumber(row.rowNumber),
    width: 64,
  },
  {
    key: 'column',
    label: intl.formatMessage({ id: 'uploads.refusals.column' }),
    render: (row) => <ColumnName row={row} />,
    hideBelow: 'sm',
  },
  {
    key: 'reason',
    label: intl.formatMessage({ id: 'uploads.refusals.reason' }),
    render: (row) => <Reason row={row} />,
    hideBelow: 'sm',
  },
  {
    key: 'value',
    label: intl.formatMessage({ id: 'uploads.refusals.value' }),
    render: (row) => <Value row={row} />,
    hideBelow: 'sm',
  },
  // Small screens: the column, the reason and the value stacked in one cell.
  {
    key: 'refusal',
    label: intl.formatMessage({ id: 'uploads.refusals.refusal' }),
    showBelow: 'sm',
    render: (row) => (
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <ColumnName row={row} />
        <Box>
          <Reason row={row} />
        </Box>
        <Box component="span">
          <FormattedMessage id="uploads.refusals.valueOf" values={{ value: <Value row={row} /> }} />
        </Box>
      </Box>
    ),
  },
];

/**
 * An upload's refused rows in the app: one line per reason with the row number, the column, the
 * reason and the cell as uploaded, filtered by column or reason and read a page at a time.
 */
export function RefusedRows({ uploadId }: { uploadId: number }) {
  const intl = useIntl();
  const [column, setColumn] = useState<string | undefined>();
  const [reason, setReason] = useState<UploadRefusalReason | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(REFUSALS_PAGE_SIZE);
  const { data, isLoading, isFetching } = useGetUploadRefusalsQuery({
    id: uploadId,
    params: {
      page,
      pageSize,
      ...(column ? { column: column as never } : {}),
      ...(reason ? { reason } : {}),
    },
  });
  const filtered = column !== undefined || reason !== undefined;
  const clear = () => {
    setColumn(undefined);
    setReason(undefined);
    setPage(1);
  };

  return (
    <Box component="section" aria-labelledby={`refused-rows-${uploadId}`} sx={{ minWidth: 0 }}>
      <Typography id={`refused-rows-${uploadId}`} variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        <FormattedMessage id="uploads.refusals.title" />
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 3 }}>
        <SelectFilter
          label={intl.formatMessage({ id: 'uploads.refusals.column' })}
          value={column}
          onChange={(value) => {
            setColumn(value ?? undefined);
            setPage(1);
          }}
          options={(data?.columns ?? []).map((option) => ({
            value: option.column,
            label: intl.formatMessage(
              { id: 'uploads.refusals.option' },
              { label: columnLabel(option.column, intl), count: formatNumber(option.count) },
            ),
          }))}
        />
        <SelectFilter
          label={intl.formatMessage({ id: 'uploads.refusals.reason' })}
          value={reason}
          onChange={(value) => {
            setReason((value as UploadRefusalReason | null) ?? undefined);
            setPage(1);
          }}
          options={(data?.reasons ?? []).map((option) => ({
            value: option.reason,
            label: intl.formatMessage(
              { id: 'uploads.refusals.option' },
              {
                label: intl.formatMessage({ id: REASONS[option.reason] }),
                count: formatNumber(option.count),
              },
            ),
          }))}
          minWidth={220}
        />
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <DataTable
          label={intl.formatMessage({ id: 'uploads.refusals.title' })}
          columns={columnsOf(intl)}
          rows={data?.items}
          getRowKey={(row) => `${row.rowNumber}:${row.column ?? ''}:${row.reason}:${row.message}`}
          loading={isLoading || isFetching}
          total={data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(next) => {
            setPageSize(next);
            setPage(1);
          }}
          skeletonRows={3}
          empty={
            <EmptyState
              icon={<FilterAltOffOutlined />}
              title={intl.formatMessage({
                id: filtered ? 'uploads.refusals.noneMatch' : 'uploads.refusals.none',
              })}
              description={intl.formatMessage({
                id: filtered ? 'uploads.refusals.noneMatchHint' : 'uploads.refusals.allAccepted',
              })}
              action={
                filtered ? (
                  <Button onClick={clear}>
                    <FormattedMessage id="uploads.refusals.clearFilters" />
                  </Button>
                ) : undefined
              }
            />
          }
        />
      </Box>
    </Box>
  );
}
