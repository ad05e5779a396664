import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';

import { useListOrganizationsQuery } from '../../lib/api/organization-api';

export interface OrganizationOption {
  id: number;
  name: string;
}

export interface OrganizationPickerProps {
  value: OrganizationOption | null;
  onChange: (value: OrganizationOption | null) => void;
  label?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
}

const TYPING_DELAY_MS = 250;
const SHOWN = 20;

/** Chooses an organization by typing part of its name; the server searches all of them. */
export function OrganizationPicker({
  value,
  onChange,
  label = 'Organization',
  required,
  autoFocus,
  error,
}: OrganizationPickerProps) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  // While the chosen organization's name is in the box, list from the start rather than by it.
  const text = value && search === value.name ? '' : search;
  const { data, isFetching } = useListOrganizationsQuery({
    sort: 'name',
    order: 'asc',
    pageSize: SHOWN,
    ...(text ? { search: text } : {}),
  });
  const options: OrganizationOption[] = (data?.items ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      // The server filters; show what it returned.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={isFetching}
      noOptionsText={text ? `No organization matches "${text}"` : 'No organizations'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={
            error ??
            (data && data.total > SHOWN
              ? `${data.total.toLocaleString()} match; type more of the name to narrow them`
              : ' ')
          }
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
