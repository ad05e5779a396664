import { Fragment, type ReactNode, useDeferredValue, useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BREAKPOINTS } from '@laurel/contract/constants';
import { FormattedMessage, useIntl } from 'react-intl';

import { visuallyHidden } from '../feedback/visually-hidden';

export interface Column<T, TSort extends string = string> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The API's sort name; without it the column does not sort. */
  sort?: TSort;
  align?: 'left' | 'right' | 'center';
  /** Hidden below this breakpoint, to keep small screens readable. */
  hideBelow?: 'sm' | 'md' | 'lg';
  /**
   * Shown only below this breakpoint: a column that stacks what the hidden ones say, so that a
   * small screen reads every row without scrolling sideways.
   */
  showBelow?: 'sm' | 'md' | 'lg';
  /** Shown as text to screen readers only (icon columns). */
  hiddenLabel?: boolean;
  width?: number | string;
}

export interface DataTableProps<T, TSort extends string> {
  /** Names the table for assistive technology. */
  label: string;
  columns: Column<T, TSort>[];
  rows: T[] | undefined;
  getRowKey: (row: T) => string | number;
  loading: boolean;
  total: number;
  /**
   * The page's `totalIsLowerBound`: a search matched more rows than the list holds, so the table
   * says "1,000+ matches" and asks for a narrower search instead of showing a false count.
   */
  totalIsLowerBound?: boolean | undefined;
  page: number;
  pageSize: number;
  sort?: TSort;
  order?: 'asc' | 'desc';
  onSort?: (sort: TSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Shown instead of the table body when there are no rows. */
  empty: ReactNode;
  skeletonRows?: number;
  /** `small`: dense rows, for lists read many rows at a time (the audit trail). */
  size?: 'small' | 'medium';
  /**
   * From this breakpoint up, columns take the widths they are given and the rest share what is
   * left, so that a cell's text is cut short with an ellipsis instead of widening the table.
   * Below it the layout is automatic: a fixed layout counts the widths of hidden columns too.
   */
  fixedLayoutFrom?: 'xs' | 'sm' | 'md' | 'lg';
  /**
   * A row's detail on demand: when it returns something, it is shown in a row of its own under
   * the row, across every column (the page keeps which rows are open).
   */
  renderDetail?: (row: T) => ReactNode;
  /** The id of a row's detail row, for the control that opens it (`aria-controls`). */
  getDetailId?: (row: T) => string;
}

const hideSx = ({ hideBelow, showBelow }: Pick<Column<unknown>, 'hideBelow' | 'showBelow'>) =>
  hideBelow
    ? { display: { xs: 'none', [hideBelow]: 'table-cell' } }
    : showBelow
      ? { display: { xs: 'table-cell', [showBelow]: 'none' } }
      : undefined;

/**
 * How many columns the screen shows: a detail row spans exactly those, since a cell spanning a
 * hidden column gives that column a share of a fixed layout's width.
 */
function useShownColumnCount(columns: Column<unknown>[]): number {
  const options = { noSsr: true };
  const up = {
    sm: useMediaQuery(`(min-width:${BREAKPOINTS.sm}px)`, options),
    md: useMediaQuery(`(min-width:${BREAKPOINTS.md}px)`, options),
    lg: useMediaQuery(`(min-width:${BREAKPOINTS.lg}px)`, options),
  };
  return columns.filter((column) =>
    column.hideBelow ? up[column.hideBelow] : column.showBelow ? !up[column.showBelow] : true,
  ).length;
}

/** A sortable, paged table with skeleton rows while loading and an empty state. */
export function DataTable<T, TSort extends string>({
  label,
  columns,
  rows: rowsNow,
  getRowKey,
  loading: loadingNow,
  total: totalNow,
  totalIsLowerBound: lowerBoundNow = false,
  page,
  pageSize,
  sort,
  order = 'asc',
  onSort,
  onPageChange,
  onPageSizeChange,
  empty,
  skeletonRows = 5,
  size = 'medium',
  fixedLayoutFrom,
  renderDetail,
  getDetailId,
}: DataTableProps<T, TSort>) {
  const intl = useIntl();
  // Rows that arrive are drawn in a transition, in slices between which the browser stays
  // responsive: the answer's store update would otherwise render every row in one task (a page of
  // 25 on a throttled phone, over 250 ms). Until then the table shows what it showed before, all
  // of it from the same answer (the rows, whether they are loading, the total).
  const current = useMemo(
    () => ({
      rows: rowsNow,
      loading: loadingNow,
      total: totalNow,
      totalIsLowerBound: lowerBoundNow,
    }),
    [rowsNow, loadingNow, totalNow, lowerBoundNow],
  );
  const { rows, loading, total, totalIsLowerBound } = useDeferredValue(current);
  const shownColumns = useShownColumnCount(columns as Column<unknown>[]);
  const showSkeleton = loading && !rows;
  const isEmpty = !showSkeleton && (rows?.length ?? 0) === 0;
  return (
    <Box>
      {totalIsLowerBound ? (
        <Typography
          role="status"
          variant="body2"
          color="text.secondary"
          sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <FormattedMessage id="components.dataTable.tooMany" values={{ count: total }} />
        </Typography>
      ) : null}
      <TableContainer>
        <Table
          aria-label={label}
          size={size}
          aria-busy={loading || undefined}
          sx={{
            ...(fixedLayoutFrom ? { tableLayout: { xs: 'auto', [fixedLayoutFrom]: 'fixed' } } : {}),
            // Dense: a line of text (or a small chip) and little more per row.
            ...(size === 'small' ? { '& td, & th': { py: 1 } } : {}),
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sortDirection={column.sort && sort === column.sort ? order : false}
                  sx={{ ...hideSx(column), width: column.width, whiteSpace: 'nowrap' }}
                >
                  {column.sort && onSort ? (
                    <TableSortLabel
                      active={sort === column.sort}
                      direction={sort === column.sort ? order : 'asc'}
                      onClick={() => onSort(column.sort!)}
                    >
                      {column.label}
                      {sort === column.sort ? (
                        <Box component="span" sx={visuallyHidden}>
                          <FormattedMessage id="components.dataTable.sorted" values={{ order }} />
                        </Box>
                      ) : null}
                    </TableSortLabel>
                  ) : column.hiddenLabel ? (
                    <Box component="span" sx={visuallyHidden}>
                      {column.label}
                    </Box>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <TableRow key={`skeleton-${index}`} data-testid="skeleton-row">
                    {columns.map((column) => (
                      <TableCell key={column.key} sx={hideSx(column)}>
                        <Skeleton variant="text" width={column.align === 'right' ? 48 : '70%'} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : (rows ?? []).map((row) => {
                  const detail = renderDetail?.(row);
                  const open = detail !== undefined && detail !== null && detail !== false;
                  return (
                    <Fragment key={getRowKey(row)}>
                      <TableRow
                        hover
                        sx={{
                          opacity: loading ? 0.6 : 1,
                          // The detail row below continues this row: no line between them.
                          ...(open ? { '& > td': { borderBottom: 0 } } : {}),
                        }}
                      >
                        {columns.map((column) => (
                          <TableCell key={column.key} align={column.align} sx={hideSx(column)}>
                            {column.render(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                      {open ? (
                        <TableRow id={getDetailId?.(row)}>
                          <TableCell colSpan={shownColumns} sx={{ pt: 0 }}>
                            {detail}
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
      {isEmpty ? empty : null}
      {total > 0 ? (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, page - 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          labelDisplayedRows={
            totalIsLowerBound
              ? ({ from, to, count }) =>
                  intl.formatMessage(
                    { id: 'components.dataTable.displayedRowsAtLeast' },
                    { from, to, count },
                  )
              : undefined
          }
          onPageChange={(_event, next) => onPageChange(next + 1)}
          onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      ) : null}
    </Box>
  );
}
