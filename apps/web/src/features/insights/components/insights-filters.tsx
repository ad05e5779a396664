import { useIntl } from 'react-intl';
import type { TAwardYearRange } from '@laurel/contract/insights';
import { INSIGHTS_MEASURE_YEAR } from '@laurel/contract/insights-rules';

import { SelectFilter } from '../../../components/data-table/list-toolbar';
import { SearchFilter, type PickerResults } from '../../../components/forms/search-picker';
import { useGetInsightCredentialQuery, useListInsightCredentialsQuery } from '../api/insights-api';
import type { InsightsFilter } from './use-insights-filter';

/**
 * The organization's credentials, searched on the server by name or code; empty means "All
 * credentials". The list says when it shows only the first of many.
 */
function CredentialFilter({
  organizationId,
  value,
  onChange,
}: {
  organizationId: number;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const intl = useIntl();
  const useResults = (search: string, limit: number, skip: boolean): PickerResults => {
    const { data, isFetching } = useListInsightCredentialsQuery(
      { organizationId, search, pageSize: limit },
      { skip },
    );
    return {
      options: data?.items.map(({ id, name, code }) => ({ id, name, detail: code })),
      total: data?.total ?? 0,
      isFetching,
    };
  };
  return (
    <SearchFilter
      label={intl.formatMessage({ id: 'insights.filters.credential' })}
      placeholder={intl.formatMessage({ id: 'insights.filters.allCredentials' })}
      noun="credential"
      plural="credentials"
      value={value === undefined ? undefined : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      useResults={useResults}
      useName={useCredentialName}
      sx={{ flex: { xs: '1 1 100%', md: '0 1 360px' }, minWidth: 0 }}
    />
  );
}

function useCredentialName(id: number | undefined): string | undefined {
  return useGetInsightCredentialQuery(id ?? 0, { skip: id === undefined }).data?.name;
}

/**
 * The award-year ranges the insights answer: all years, or one fixed pool (so that no small group
 * can be worked out by comparing ranges). Choosing one sets both ends in the URL.
 */
function AwardYearsFilter({
  filter,
  ranges,
  asOfYear,
}: {
  filter: InsightsFilter;
  ranges: readonly TAwardYearRange[] | undefined;
  asOfYear: number | undefined;
}) {
  const intl = useIntl();
  // A pool whose every award is too recent for the year after to be complete says so.
  const tooRecent = (r: TAwardYearRange) =>
    asOfYear !== undefined && r.from + INSIGHTS_MEASURE_YEAR > asOfYear;
  const pools = (ranges ?? []).filter((r) => r.kind === 'POOL');
  const chosen = pools.find(
    (r) =>
      filter.awardYearFrom !== undefined &&
      r.from <= filter.awardYearFrom &&
      (filter.awardYearTo ?? filter.awardYearFrom) <= r.to,
  );
  const options = [...pools]
    .sort((a, b) => b.from - a.from)
    .map((r) => ({
      value: `${r.from}-${r.to}`,
      label: intl.formatMessage(
        { id: 'insights.filters.pool' },
        { from: String(r.from), to: String(r.to), tooRecent: tooRecent(r) ? 'yes' : 'no' },
      ),
    }));
  return (
    <SelectFilter
      label={intl.formatMessage({ id: 'insights.filters.awardYears' })}
      value={chosen ? `${chosen.from}-${chosen.to}` : undefined}
      options={options}
      anyLabel={intl.formatMessage({ id: 'insights.filters.allYears' })}
      minWidth={150}
      onChange={(value) => {
        const [from, to] = value ? value.split('-').map(Number) : [undefined, undefined];
        filter.set({ awardYearFrom: from, awardYearTo: to });
      }}
    />
  );
}

/** Credential and award-year filters, kept in the URL by `useInsightsFilter`. */
export function InsightsFilters({
  organizationId,
  filter,
  ranges,
  asOfYear,
  showCredential,
}: {
  organizationId: number;
  filter: InsightsFilter;
  ranges: readonly TAwardYearRange[] | undefined;
  /** The latest complete year of the figures shown. */
  asOfYear: number | undefined;
  showCredential: boolean;
}) {
  return (
    <>
      {showCredential ? (
        <CredentialFilter
          organizationId={organizationId}
          value={filter.credentialId}
          onChange={(id) => filter.set({ credentialId: id })}
        />
      ) : null}
      <AwardYearsFilter filter={filter} ranges={ranges} asOfYear={asOfYear} />
    </>
  );
}
