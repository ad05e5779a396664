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
  const useResults = (search: string, limit: number): PickerResults => {
    const { data, isFetching } = useListInsightCredentialsQuery({
      organizationId,
      search,
      pageSize: limit,
    });
    return {
      options: data?.items.map(({ id, name, code }) => ({ id, name, detail: code })),
      total: data?.total ?? 0,
      isFetching,
    };
  };
  return (
    <SearchFilter
      label="Credential"
      placeholder="All credentials"
      noun="credential"
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

function yearOptions(min: number | null, max: number | null, from?: number, to?: number) {
  const years = new Set<number>();
  if (min !== null && max !== null) for (let year = max; year >= min; year -= 1) years.add(year);
  // A year from the URL stays selectable while the range loads, or if it lies outside it.
  for (const chosen of [from, to]) if (chosen !== undefined) years.add(chosen);
  const sorted = [...years].sort((a, b) => b - a);
  const option = (year: number) => ({ value: String(year), label: String(year) });
  return {
    fromOptions: sorted.filter((year) => to === undefined || year <= to).map(option),
    toOptions: sorted.filter((year) => from === undefined || year >= from).map(option),
  };
}

/** One end of the award-year range. */
function YearFilter({
  filter,
  field,
  label,
  anyLabel,
  options,
}: {
  filter: InsightsFilter;
  field: 'awardYearFrom' | 'awardYearTo';
  label: string;
  anyLabel: string;
  options: { value: string; label: string }[];
}) {
  const year = filter[field];
  return (
    <SelectFilter
      label={label}
      value={year === undefined ? undefined : String(year)}
      options={options}
      anyLabel={anyLabel}
      minWidth={130}
      onChange={(value) => filter.set({ [field]: value ? Number(value) : undefined })}
    />
  );
}

/** Credential and award-year filters, kept in the URL by `useInsightsFilter`. */
export function InsightsFilters({
  organizationId,
  filter,
  awardYears,
  showCredential,
}: {
  organizationId: number;
  filter: InsightsFilter;
  awardYears: { min: number | null; max: number | null } | undefined;
  showCredential: boolean;
}) {
  const { fromOptions, toOptions } = yearOptions(
    awardYears?.min ?? null,
    awardYears?.max ?? null,
    filter.awardYearFrom,
    filter.awardYearTo,
  );
  return (
    <>
      {showCredential ? (
        <CredentialFilter
          organizationId={organizationId}
          value={filter.credentialId}
          onChange={(id) => filter.set({ credentialId: id })}
        />
      ) : null}
      <YearFilter
        filter={filter}
        field="awardYearFrom"
        label="Awarded from"
        anyLabel="Earliest"
        options={fromOptions}
      />
      <YearFilter
        filter={filter}
        field="awardYearTo"
        label="Awarded to"
        anyLabel="Latest"
        options={toOptions}
      />
    </>
  );
}
