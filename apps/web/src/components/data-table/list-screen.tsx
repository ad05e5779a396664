import { Fragment, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card, { type CardProps } from '@mui/material/Card';
import { FormattedMessage, useIntl } from 'react-intl';

import { useDownloadFile } from '../../lib/api/download';
import { useListParams } from '../../lib/list/use-list-params';
import { englishNoun, nounIn, type Noun } from '../../lib/i18n/nouns';
import { EmptyState } from '../feedback/empty-state';
import { type Column, DataTable, type DataTableProps } from './data-table';
import { ListToolbar, SelectFilter, type SelectFilterOption } from './list-toolbar';

/** One filter of a list: a drop-down of options, or a control of its own. */
type ListFilterDescription<F extends string> = { name: F; hidden?: boolean } & (
  | { label: string; options: SelectFilterOption[]; minWidth?: number }
  | {
      render: (
        value: string | undefined,
        onChange: (value: string | null | undefined) => void,
        filters: Partial<Record<F, string>>,
      ) => ReactNode;
    }
);

/**
 * A drop-down filter of fixed values, each named by `labelOf`.
 * @example choiceFilter('status', 'Status', CONTRACT_STATUSES, statusLabel, 130)
 */
export function choiceFilter<F extends string, V extends string | number>(
  name: F,
  label: string,
  values: readonly V[],
  labelOf: (value: V) => string,
  minWidth?: number,
): ListFilterDescription<F> {
  const options = values.map((value) => ({ value: String(value), label: labelOf(value) }));
  return minWidth ? { name, label, options, minWidth } : { name, label, options };
}

/**
 * A drop-down filter of a lookup's rows (`useLookup`), by id.
 * @example lookupFilter('typeId', 'Type', useLookup('credentialTypes').data)
 */
export function lookupFilter<F extends string>(
  name: F,
  label: string,
  rows: ReadonlyArray<{ id: number; name: string }>,
  minWidth?: number,
): ListFilterDescription<F> {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return choiceFilter(name, label, [...names.keys()], (id) => names.get(id) ?? '', minWidth);
}

/** What a list's page answers. */
interface ListResult<Row> {
  data?: { items: Row[]; total: number; totalIsLowerBound?: boolean | undefined } | undefined;
  isFetching: boolean;
  isLoading: boolean;
}

/** How a list reads a page: the feature's RTK Query hook, e.g. `useListUsersQuery`. */
export type ListQueryHook<Row> = (query: Record<string, string | number>) => ListResult<Row>;

export interface ListScreenProps<
  Row extends { id: number },
  Sort extends string,
  F extends string,
> {
  /** The plural noun of its rows: "Search users", "No users match", users.csv (in English). */
  noun: Noun;
  /** Names the table for assistive technology; the noun capitalized unless given. */
  label?: string;
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultOrder?: 'asc' | 'desc';
  /** Prefixes the list's query keys, for a list beside others on one screen. */
  prefix?: string;
  filters?: ReadonlyArray<ListFilterDescription<F>>;
  columns: Column<Row, Sort>[];
  useItems: ListQueryHook<Row>;
  /** Query values the screen fixes, such as the organization of an organization's tab. */
  scope?: Record<string, string | number> | undefined;
  exportPath: string;
  /** The downloaded file's name; `<noun>.csv` unless given. */
  exportFileName?: string;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Above the card (the page or section header). */
  header?: ReactNode;
  /** Inside the card, above the toolbar. */
  heading?: ReactNode;
  card?: CardProps;
  empty: {
    icon: ReactNode;
    /** Nothing at all yet. */
    none: { title?: string; description: ReactNode; action?: ReactNode };
    /** Nothing matches the search and filters. */
    noMatch?: { title?: string; description?: string; clearLabel?: string };
  };
  /** More of the table's own props (dense rows, detail rows). */
  table?: Pick<
    DataTableProps<Row, Sort>,
    'size' | 'fixedLayoutFrom' | 'renderDetail' | 'getDetailId'
  >;
  /** Dialogs and the like, after the card. */
  children?: ReactNode;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * A list screen from its description: the search box, filters and CSV export above a sortable,
 * paged table, the empty states, and every choice kept in the URL (`useListParams`), so that a
 * list is described rather than written again.
 * @example <ListScreen noun="contracts" sorts={CONTRACT_SORTS} defaultSort="endDate" columns={columns} useItems={useListContractsQuery} exportPath={API_PATHS.contractsExport} empty={…} />
 */
export function ListScreen<
  Row extends { id: number },
  Sort extends string,
  F extends string = never,
>(props: ListScreenProps<Row, Sort, F>) {
  const { filters = [], empty } = props;
  const intl = useIntl();
  const downloadFile = useDownloadFile();
  const list = useListParams<Sort, F>({
    sorts: props.sorts,
    defaultSort: props.defaultSort,
    ...(props.defaultOrder ? { defaultOrder: props.defaultOrder } : {}),
    ...(props.prefix ? { prefix: props.prefix } : {}),
    filters: filters.map((filter) => filter.name),
  });
  const query = props.scope ? { ...list.query, ...props.scope } : list.query;
  const { data, isFetching, isLoading } = props.useItems(query);
  const noMatch = empty.noMatch ?? {};
  const noun = nounIn(intl, props.noun);

  return (
    <>
      {props.header}
      <Card {...props.card}>
        {props.heading}
        <ListToolbar
          searchLabel={intl.formatMessage({ id: 'components.listScreen.search' }, { noun })}
          search={list.search}
          onSearch={list.setSearch}
          onExport={() =>
            downloadFile(props.exportPath, query, {
              fileName:
                props.exportFileName ?? `${englishNoun(props.noun).replace(/\s+/g, '-')}.csv`,
            })
          }
          actions={props.actions}
        >
          {filters.map((filter) => {
            if (filter.hidden) return null;
            const value = list.filters[filter.name];
            const onChange = (next: string | null | undefined) => list.setFilter(filter.name, next);
            return 'render' in filter ? (
              <Fragment key={filter.name}>{filter.render(value, onChange, list.filters)}</Fragment>
            ) : (
              <SelectFilter
                key={filter.name}
                label={filter.label}
                value={value}
                onChange={onChange}
                options={filter.options}
                {...(filter.minWidth ? { minWidth: filter.minWidth } : {})}
              />
            );
          })}
        </ListToolbar>
        <DataTable
          label={props.label ?? capitalized(noun)}
          {...props.table}
          columns={props.columns}
          rows={data?.items}
          getRowKey={(row) => row.id}
          loading={isLoading || isFetching}
          total={data?.total ?? 0}
          totalIsLowerBound={data?.totalIsLowerBound}
          {...list.table}
          empty={
            list.hasCriteria ? (
              <EmptyState
                icon={empty.icon}
                title={
                  noMatch.title ??
                  intl.formatMessage({ id: 'components.listScreen.noMatch' }, { noun })
                }
                description={
                  noMatch.description ??
                  intl.formatMessage({ id: 'components.listScreen.noMatchDescription' })
                }
                action={
                  <Button onClick={list.clearAll}>
                    {noMatch.clearLabel ?? <FormattedMessage id="components.listScreen.clearAll" />}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={empty.icon}
                title={
                  empty.none.title ??
                  intl.formatMessage({ id: 'components.listScreen.none' }, { noun })
                }
                description={empty.none.description}
                action={empty.none.action}
              />
            )
          }
        />
      </Card>
      {props.children}
    </>
  );
}
