import {
  useCallback,
  useEffect,
  useState,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { type IntlShape, useIntl } from 'react-intl';

import { nounIn, type Noun } from '../../lib/i18n/nouns';
import { afterNextPaint } from '../../lib/routing/after-paint';
import { FIELD_MARGIN } from './form-fields';

export interface PickerOption {
  id: number;
  name: string;
  /** A second line under the name (a code), to tell alike names apart. */
  detail?: string;
}

/** What a picker's server search returns: the options shown and how many match in all. */
export interface PickerResults {
  options: PickerOption[] | undefined;
  total: number;
  /** The list's `totalIsLowerBound`: more rows match than `total` says. */
  totalIsLowerBound?: boolean | undefined;
  isFetching: boolean;
}

export interface SearchPickerProps {
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  /** The person left the picker (a form shows what is missing). */
  onBlur?: () => void;
  label: string;
  /**
   * Searches the server for `search` (empty: the first options), at most `limit` of them; asks
   * nothing while `skip` (the picker not yet wanted).
   */
  useResults: (search: string, limit: number, skip: boolean) => PickerResults;
  /** e.g. "organization": used in "No organization matches …". */
  noun: Noun;
  /** e.g. "organizations": used in "No organizations". */
  plural: Noun;
  required?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
  /** Filters in a list toolbar: small, no helper line, "any" when empty. */
  variant?: 'field' | 'filter';
  placeholder?: string;
  minWidth?: number;
  /** Where a filter sits in its toolbar, when the default width does not fit. */
  sx?: SxProps<Theme>;
}

/** A helper text that only keeps its line. */
const BLANK = ' ';

const TYPING_DELAY_MS = 250;
const PICKER_SHOWN = 20;

/**
 * "Showing 20 of 1,234 — type to narrow" ("of 1,000+" when the total is a lower bound), or nothing
 * when every match is shown.
 */
function narrowHint(
  intl: IntlShape,
  shown: number,
  total: number,
  lowerBound = false,
): string | null {
  return total > shown
    ? intl.formatMessage(
        { id: 'components.searchPicker.narrow' },
        { shown, total, lowerBound: lowerBound ? 'yes' : 'no' },
      )
    : null;
}

/** The options' paper with a line under the list (what the list leaves out). */
function PaperWithFooter({ children, footer, ...props }: PaperProps & { footer?: ReactNode }) {
  return (
    <Paper {...props}>
      {children}
      {footer ? (
        <Box
          role="status"
          // Reading the line must not close the list.
          onMouseDown={(event) => event.preventDefault()}
          sx={{
            px: 4,
            py: 2,
            borderTop: 1,
            borderColor: 'divider',
            color: 'text.secondary',
            fontSize: '0.8125rem',
          }}
        >
          {footer}
        </Box>
      ) : null}
    </Paper>
  );
}

/**
 * The Autocomplete's own ref to its input box, told of the box only once the frame that draws it
 * has been painted. Told at mount (the ref MUI passes), the Autocomplete draws itself again in
 * the same task and reads the box's width for its list of options; the screen around it has just
 * been drawn and not yet laid out, so that read made the browser lay out the whole screen inside
 * the task that mounts it (on a phone, the insights panel's picker turned a 110 ms task into one
 * of 240 ms). After the paint the layout is done and the read costs nothing. The list opens once
 * the box is known: a frame after it appears, long before anyone can reach it.
 */
function useAnchorAfterPaint<T>(anchor: Ref<T>): RefCallback<T> {
  return useCallback(
    (element: T | null) => {
      if (element === null || !anchor) return undefined;
      const tell = (value: T | null) => {
        if (typeof anchor === 'function') anchor(value);
        else anchor.current = value;
      };
      const cancel = afterNextPaint(() => tell(element));
      return () => {
        cancel();
        tell(null);
      };
    },
    [anchor],
  );
}

/** The picker's text field, its input box made known to the Autocomplete after the paint. */
function AnchoredTextField({
  anchor,
  slotProps,
  ...props
}: TextFieldProps & { anchor: Ref<HTMLElement> }) {
  const ref = useAnchorAfterPaint(anchor);
  return <TextField {...props} slotProps={{ ...slotProps, input: { ...slotProps?.input, ref } }} />;
}

/**
 * Chooses one of many records by typing part of its name: the server searches all of them, so
 * nothing is left out however many there are, and the list says when it shows only the first.
 */
export function SearchPicker({
  value,
  onChange,
  onBlur,
  label,
  useResults,
  noun,
  plural,
  required,
  autoFocus,
  error,
  variant = 'field',
  placeholder,
  minWidth,
  sx,
}: SearchPickerProps) {
  const intl = useIntl();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // The options are asked for once the picker is wanted (a pointer over it, focus), not with the
  // screen: most screens show pickers nobody opens, and each answer would draw the picker again
  // while the screen is still being drawn (docs/decisions/041).
  const [wanted, setWanted] = useState(Boolean(autoFocus));
  const want = () => setWanted(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  // While the chosen option's name is in the box, list from the start rather than by it.
  const text = value && search === value.name ? '' : search;
  const { options, total, totalIsLowerBound, isFetching } = useResults(text, PICKER_SHOWN, !wanted);
  const shown = options ?? [];
  const filter = variant === 'filter';

  return (
    <Autocomplete
      onPointerEnter={want}
      onFocus={want}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={shown}
      // The server filters; show what it returned.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Box>
            {option.name}
            {option.detail ? (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {option.detail}
              </Box>
            ) : null}
          </Box>
        </li>
      )}
      loading={isFetching}
      noOptionsText={
        text
          ? intl.formatMessage(
              { id: 'components.searchPicker.noMatch' },
              { noun: nounIn(intl, noun), text },
            )
          : intl.formatMessage(
              { id: 'components.searchPicker.none' },
              { plural: nounIn(intl, plural) },
            )
      }
      slots={{ paper: PaperWithFooter }}
      slotProps={{
        paper: { footer: narrowHint(intl, shown.length, total, totalIsLowerBound) } as PaperProps,
      }}
      size={filter ? 'small' : 'medium'}
      sx={
        sx ??
        (filter ? { minWidth: minWidth ?? 260, flex: { xs: '1 1 180px', sm: '0 0 auto' } } : {})
      }
      renderInput={(params) => (
        <AnchoredTextField
          {...params}
          anchor={params.slotProps.input.ref}
          margin={filter ? 'none' : FIELD_MARGIN}
          label={label}
          required={required}
          autoFocus={autoFocus}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={filter ? error : (error ?? BLANK)}
          slotProps={{
            ...params.slotProps,
            ...(filter ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching ? (
                    // The options being looked up; the list says "Loading…" as well.
                    <CircularProgress
                      color="inherit"
                      size={18}
                      aria-label={intl.formatMessage({ id: 'components.searchPicker.lookingUp' })}
                    />
                  ) : null}
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

export interface SearchFilterProps extends Omit<
  SearchPickerProps,
  'value' | 'onChange' | 'variant'
> {
  /** The chosen record's id as the address keeps it (`?organizationId=437`), or undefined. */
  value: string | undefined;
  onChange: (value: string | null) => void;
  /** The name of the record with this id (undefined: none to fetch), for a choice from the address. */
  useName: (id: number | undefined) => string | undefined;
}

/**
 * A list filter by one record, its id kept in the address: searches every record, and names the
 * chosen one after a reload even when it is far past the first options.
 */
export function SearchFilter({ value, onChange, useName, ...props }: SearchFilterProps) {
  const id = value ? Number(value) : undefined;
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const known = picked && picked.id === id ? picked : null;
  const name = useName(known ? undefined : id);
  const chosen = id === undefined ? null : (known ?? (name ? { id, name } : null));
  return (
    <SearchPicker
      {...props}
      variant="filter"
      value={chosen}
      onChange={(next) => {
        setPicked(next);
        onChange(next ? String(next.id) : null);
      }}
    />
  );
}
