import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { FormattedMessage } from 'react-intl';

import { getErrorText } from '../../lib/errors/error-text';
import { useSnackbar } from '../snackbar/use-snackbar';

export interface ListToolbarProps {
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  /** Filter controls. */
  children?: ReactNode;
  /** Downloads what the current filter selects. */
  onExport?: () => Promise<void>;
  actions?: ReactNode;
}

const SEARCH_DELAY_MS = 300;

/** Search box, filters, CSV export and actions above a list. */
export function ListToolbar({
  searchLabel,
  search,
  onSearch,
  children,
  onExport,
  actions,
}: ListToolbarProps) {
  const { showSnackbar } = useSnackbar();
  const [value, setValue] = useState(search);
  const [seen, setSeen] = useState(search);
  const [exporting, setExporting] = useState(false);
  // The URL changed from elsewhere (back button, "clear filters"): show it.
  if (search !== seen) {
    setSeen(search);
    setValue(search);
  }
  const commit = useEffectEvent((next: string) => onSearch(next));
  useEffect(() => {
    if (value === search) return;
    const timer = window.setTimeout(() => commit(value), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, search]);

  const exportCsv = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        alignItems: 'center',
        p: 4,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        size="small"
        fullWidth={false}
        type="search"
        label={searchLabel}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 280px' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {children}
      <Box sx={{ flex: 1 }} />
      {onExport ? (
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void exportCsv()}
          disabled={exporting}
        >
          <FormattedMessage id="components.listToolbar.export" values={{ exporting }} />
        </Button>
      ) : null}
      {actions}
    </Box>
  );
}

export interface SelectFilterOption {
  value: string;
  label: string;
}

/** A filter drop-down whose first choice means "any". */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
  anyLabel,
  minWidth = 160,
}: {
  label: string;
  value: string | undefined;
  options: SelectFilterOption[];
  onChange: (value: string | null) => void;
  anyLabel?: string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        {anyLabel ?? <FormattedMessage id="components.selectFilter.all" />}
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
