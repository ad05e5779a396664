import type { TLookupList, LookupName } from '@laurel/contract/lookups';
import { LOOKUP_ENDPOINTS } from '@laurel/contract/lookups';
import type { TSalesforceUrl } from '@laurel/contract/config';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../api/api';

/**
 * Lookup lists change only with a deployment, so each is fetched once per session: RTK Query
 * does not start a second request while one is in flight, and `keepUnusedDataFor: Infinity`
 * keeps a loaded list even when no screen uses it any more (spec §4). The global reset on
 * sign-out clears them.
 */
const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLookup: build.query<TLookupList, LookupName>({
      query: (name) => LOOKUP_ENDPOINTS[name].path,
      keepUnusedDataFor: Infinity,
    }),
    getSalesforceUrl: build.query<TSalesforceUrl, void>({
      query: () => API_PATHS.salesforceUrl,
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export interface LookupState<T> {
  data: T;
  isLoading: boolean;
  hasLoaded: boolean;
}

const EMPTY: TLookupList = [];

/** A cached lookup list in the shape of spec §3: `{ data, isLoading, hasLoaded }`. */
export function useLookup(name: LookupName): LookupState<TLookupList> {
  const { data, isLoading, isSuccess } = lookupsApi.useGetLookupQuery(name);
  return { data: data ?? EMPTY, isLoading, hasLoaded: isSuccess };
}

/** The CRM's base address, for those who may see CRM links (`read:internal`); `skip` for others. */
export function useSalesforceUrl({ skip = false } = {}): LookupState<string | null> {
  const { data, isLoading, isSuccess } = lookupsApi.useGetSalesforceUrlQuery(undefined, { skip });
  return { data: data?.baseUrl ?? null, isLoading, hasLoaded: isSuccess };
}

/** A lookup list as the choices of a select: the id as value, the name as label. */
export const lookupOptions = (list: TLookupList) =>
  list.map((item) => ({ value: item.id, label: item.name }));
