import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import {
  type TUploadRefusal,
  UPLOAD_REFUSAL_REASON_LABELS,
  UPLOAD_WHOLE_ROW,
  type UploadRefusalReason,
} from '@laurel/contract/uploads';

import { DataTable, type Column } from '../../../components/data-table/data-table';
import { SelectFilter } from '../../../components/data-table/list-toolbar';
import { EmptyState } from '../../../components/feedback/empty-state';
import { formatNumber } from '../../../lib/format/format';
import { useGetUploadRefusalsQuery } from '../api/uploads-api';

const REFUSALS_PAGE_SIZE = 10;

const columnLabel = (column: string | null) =>
  column === null || column === UPLOAD_WHOLE_ROW ? 'Whole row' : column;

function ColumnName({ row }: { row: TUploadRefusal }) {
  return (
    <Box component="span" sx={{ fontFamily: row.column ? 'monospace' : undefined }}>
      {columnLabel(row.column)}
    </Box>
  );
}

function Reason({ row }: { row: TUploadRefusal }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {UPLOAD_REFUSAL_REASON_LABELS[row.reason]}
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
        (empty)
      </Typography>
    );
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {row.value}
    </Box>
  );
}

const columns: Column<TUploadRefusal>[] = [
  { key: 'row', label: 'Row', render: (row) => formatNumber(row.rowNumber), width: 64 },
  {
    key: 'column',
    label: 'Column',
    render: (row) => <ColumnName row={row} />,
    hideBelow: 'sm',
  },
  { key: 'reason', label: 'Reason', render: (row) => <Reason row={row} />, hideBelow: 'sm' },
  { key: 'value', label: 'Value', render: (row) => <Value row={row} />, hideBelow: 'sm' },
  // Small screens: the column, the reason and the value stacked in one cell.
  {
    key: 'refusal',
    label: 'Refusal',
    showBelow: 'sm',
    render: (row) => (
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <ColumnName row={row} />
        <Box>
          <Reason row={row} />
        </Box>
        <Box component="span">
          Value: <Value row={row} />
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
        Refused rows
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 3 }}>
        <SelectFilter
          label="Column"
          value={column}
          onChange={(value) => {
            setColumn(value ?? undefined);
            setPage(1);
          }}
          options={(data?.columns ?? []).map((option) => ({
            value: option.column,
            label: `${columnLabel(option.column)} (${formatNumber(option.count)})`,
          }))}
        />
        <SelectFilter
          label="Reason"
          value={reason}
          onChange={(value) => {
            setReason((value as UploadRefusalReason | null) ?? undefined);
            setPage(1);
          }}
          options={(data?.reasons ?? []).map((option) => ({
            value: option.reason,
            label: `${UPLOAD_REFUSAL_REASON_LABELS[option.reason]} (${formatNumber(option.count)})`,
          }))}
          minWidth={220}
        />
      </Box>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <DataTable
          label="Refused rows"
          columns={columns}
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
              title={filtered ? 'No refused rows match' : 'No refused rows'}
              description={
                filtered
                  ? 'Choose another column or reason.'
                  : 'Every row of this file was accepted.'
              }
              action={filtered ? <Button onClick={clear}>Clear filters</Button> : undefined}
            />
          }
        />
      </Box>
    </Box>
  );
}
