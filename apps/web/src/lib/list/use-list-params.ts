import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@laurel/contract/page-size';

type SortOrder = 'asc' | 'desc';

export interface ListParamsOptions<TSort extends string, TFilter extends string> {
  sorts: readonly TSort[];
  defaultSort: TSort;
  defaultOrder?: SortOrder;
  filters?: readonly TFilter[];
  /** Query keys are prefixed, so that two lists on one screen keep their own state. */
  prefix?: string;
}

export interface ListParams<TSort extends string, TFilter extends string> {
  search: string;
  sort: TSort;
  order: SortOrder;
  page: number;
  pageSize: number;
  filters: Partial<Record<TFilter, string>>;
  /** What the API expects: only the values that are set. */
  query: Record<string, string | number>;
  setSearch: (search: string) => void;
  toggleSort: (sort: TSort) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setFilter: (name: TFilter, value: string | null | undefined) => void;
  clearAll: () => void;
  hasCriteria: boolean;
  /** The paging and sorting props of a `DataTable` showing this list. */
  table: {
    page: number;
    pageSize: number;
    sort: TSort;
    order: SortOrder;
    onSort: (sort: TSort) => void;
    onPageChange: (page: number) => void;
    onPageSizeChange: (pageSize: number) => void;
  };
}

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
};

/**
 * Search, sort, order, page, page size and filters of a list, kept in the URL query so that a
 * list can be shared, bookmarked and returned to with the browser's back button.
 */
export function useListParams<TSort extends string, TFilter extends string = never>(
  options: ListParamsOptions<TSort, TFilter>,
): ListParams<TSort, TFilter> {
  const [params, setParams] = useSearchParams();
  const {
    sorts,
    defaultSort,
    defaultOrder = 'asc',
    filters: filterNames = [],
    prefix = '',
  } = options;
  const key = useCallback((name: string) => `${prefix}${name}`, [prefix]);

  const search = params.get(key('search')) ?? '';
  const rawSort = params.get(key('sort'));
  const sort = sorts.includes(rawSort as TSort) ? (rawSort as TSort) : defaultSort;
  const rawOrder = params.get(key('order'));
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder;
  const page = positiveInt(params.get(key('page')), 1);
  const pageSize = positiveInt(params.get(key('pageSize')), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const filterKey = filterNames.map((name) => `${name}=${params.get(key(name)) ?? ''}`).join('&');

  const filters = useMemo(() => {
    const result: Partial<Record<TFilter, string>> = {};
    for (const pair of filterKey ? filterKey.split('&') : []) {
      const [name, value] = pair.split('=') as [TFilter, string];
      if (value) result[name] = value;
    }
    return result;
  }, [filterKey]);

  // The query last written and the drawn query it was made from: the router draws a change in a
  // transition, so a second change made before that (a status picked, then a search's delay runs
  // out) must build on the first, not on the query still drawn, which would drop the first.
  const written = useRef<{ from: string; next: URLSearchParams } | null>(null);
  // Once drawn, it is what the next change builds on anyway (and a later visit to the query it was
  // made from, a link to the bare list say, must not bring it back).
  useEffect(() => {
    if (written.current?.next.toString() === params.toString()) written.current = null;
  }, [params]);

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) => {
      setParams(
        (previous) => {
          const pending = written.current;
          const drawn = previous.toString();
          const next = new URLSearchParams(pending?.from === drawn ? pending.next : previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key(name));
            else next.set(key(name), value);
          }
          if (resetPage) next.delete(key('page'));
          written.current = { from: drawn, next };
          return next;
        },
        { replace: true },
      );
    },
    [setParams, key],
  );

  const query = useMemo(() => {
    const result: Record<string, string | number> = { sort, order, page, pageSize };
    if (search.trim()) result.search = search.trim();
    for (const [name, value] of Object.entries(filters)) if (value) result[name] = value as string;
    return result;
  }, [sort, order, page, pageSize, search, filters]);

  const toggleSort = (field: TSort) =>
    update({ sort: field, order: field === sort ? (order === 'asc' ? 'desc' : 'asc') : 'asc' });
  const setPage = (value: number) => update({ page: value > 1 ? String(value) : null }, false);
  const setPageSize = (value: number) => update({ pageSize: String(value) });

  return {
    search,
    sort,
    order,
    page,
    pageSize,
    filters,
    query,
    setSearch: (value) => update({ search: value }),
    toggleSort,
    setPage,
    setPageSize,
    setFilter: (name, value) => update({ [name]: value ?? null }),
    clearAll: () =>
      update(Object.fromEntries(['search', ...filterNames].map((name) => [name, null]))),
    hasCriteria: Boolean(search.trim()) || Object.keys(filters).length > 0,
    table: {
      page,
      pageSize,
      sort,
      order,
      onSort: toggleSort,
      onPageChange: setPage,
      onPageSizeChange: setPageSize,
    },
  };
}
