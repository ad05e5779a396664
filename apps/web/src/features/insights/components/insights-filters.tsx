import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TCredentialSummary } from '@laurel/contract/credentials';

import { SelectFilter } from '../../../components/data-table/list-toolbar';
import { useGetInsightCredentialQuery, useListInsightCredentialsQuery } from '../api/insights-api';
import type { InsightsFilter } from './use-insights-filter';

type CredentialOption = Pick<TCredentialSummary, 'id' | 'name' | 'code'>;

const SEARCH_DELAY_MS = 300;

/** The organization's credentials as an autocomplete; empty means "All credentials". */
function CredentialFilter({
  organizationId,
  value,
  onChange,
}: {
  organizationId: number;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const { data: page, isFetching } = useListInsightCredentialsQuery({ organizationId, search });
  const { data: chosen } = useGetInsightCredentialQuery(value ?? 0, { skip: !value });
  const selected: CredentialOption | null =
    value === undefined
      ? null
      : (page?.items.find((item) => item.id === value) ??
        (chosen?.id === value ? chosen : { id: value, name: 'Credential', code: '' }));
  const options: CredentialOption[] = page?.items ?? [];

  return (
    <Autocomplete
      size="small"
      sx={{ flex: { xs: '1 1 100%', md: '0 1 360px' }, minWidth: 0 }}
      options={
        selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options
      }
      value={selected}
      loading={isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosenOption) => option.id === chosenOption.id}
      getOptionLabel={(option) => option.name}
      onChange={(_event, next) => onChange(next?.id)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setInput(next);
        if (reason === 'clear' || reason === 'reset') setInput('');
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box>
            <Box component="span" sx={{ display: 'block' }}>
              {option.name}
            </Box>
            {option.code ? (
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {option.code}
              </Box>
            ) : null}
          </Box>
        </li>
      )}
      noOptionsText="No credential matches"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Credential"
          placeholder="All credentials"
          slotProps={{ ...params.slotProps, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
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
      <SelectFilter
        label="Awarded from"
        value={filter.awardYearFrom === undefined ? undefined : String(filter.awardYearFrom)}
        options={fromOptions}
        anyLabel="Earliest"
        minWidth={130}
        onChange={(value) => filter.set({ awardYearFrom: value ? Number(value) : undefined })}
      />
      <SelectFilter
        label="Awarded to"
        value={filter.awardYearTo === undefined ? undefined : String(filter.awardYearTo)}
        options={toOptions}
        anyLabel="Latest"
        minWidth={130}
        onChange={(value) => filter.set({ awardYearTo: value ? Number(value) : undefined })}
      />
    </>
  );
}
