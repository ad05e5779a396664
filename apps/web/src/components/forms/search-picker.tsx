import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';

export interface PickerOption {
  id: number;
  name: string;
}

/** What a picker's server search returns: the options shown and how many match in all. */
export interface PickerResults {
  options: PickerOption[] | undefined;
  total: number;
  isFetching: boolean;
}

export interface SearchPickerProps {
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  label: string;
  /** Searches the server for `search` (empty: the first options), at most `limit` of them. */
  useResults: (search: string, limit: number) => PickerResults;
  /** e.g. "organization": used in "No organization matches …". */
  noun: string;
  /** e.g. "organizations": used in "No organizations"; the noun with an s by default. */
  plural?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
  /** Filters in a list toolbar: small, no helper line, "any" when empty. */
  variant?: 'field' | 'filter';
  placeholder?: string;
  minWidth?: number;
}

const TYPING_DELAY_MS = 250;
const SHOWN = 20;

/**
 * Chooses one of many records by typing part of its name: the server searches all of them, so
 * nothing is left out however many there are.
 */
export function SearchPicker({
  value,
  onChange,
  label,
  useResults,
  noun,
  plural = `${noun}s`,
  required,
  autoFocus,
  error,
  variant = 'field',
  placeholder,
  minWidth,
}: SearchPickerProps) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  // While the chosen option's name is in the box, list from the start rather than by it.
  const text = value && search === value.name ? '' : search;
  const { options, total, isFetching } = useResults(text, SHOWN);
  const filter = variant === 'filter';
  const narrowHint =
    total > SHOWN ? `${total.toLocaleString()} match; type more of the name to narrow them` : ' ';

  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options ?? []}
      // The server filters; show what it returned.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={isFetching}
      noOptionsText={text ? `No ${noun} matches "${text}"` : `No ${plural}`}
      size={filter ? 'small' : 'medium'}
      sx={filter ? { minWidth: minWidth ?? 260, flex: { xs: '1 1 180px', sm: '0 0 auto' } } : {}}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          autoFocus={autoFocus}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={filter ? error : (error ?? narrowHint)}
          slotProps={{
            ...params.slotProps,
            ...(filter ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
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
