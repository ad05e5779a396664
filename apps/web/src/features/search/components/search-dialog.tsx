import { useDeferredValue, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Avatar from '@mui/material/Avatar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import type { SearchItemType, TSearchResult } from '@laurel/contract/search';

import { useItemHref } from '../../../lib/routing/use-item-href';
import { ITEM_TYPE_DISPLAY } from '../../../components/bookmarks/item-type';
import { useSearchQuery } from '../api/search-api';

/** How each kind of result looks: the bookmarkable items as in bookmarks, and awardees. */
const RESULT_DISPLAY: Record<
  SearchItemType,
  (typeof ITEM_TYPE_DISPLAY)[keyof typeof ITEM_TYPE_DISPLAY]
> = {
  ...ITEM_TYPE_DISPLAY,
  awardees: { icon: <SchoolOutlined />, color: '#c2185b', label: 'search.dialog.awardee' },
};

/** The server searches texts of this many characters or more. */
const MIN_LENGTH = 3;

/**
 * Ctrl/Cmd+K: find organizations, credentials, contracts and users by name, and awardees by name,
 * e-mail address or external id.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const deferred = useDeferredValue(text.trim());
  const tooShort = Array.from(deferred).length < MIN_LENGTH;
  const { data, isFetching } = useSearchQuery(deferred, { skip: tooShort });
  const results: TSearchResult[] = tooShort ? [] : (data?.results ?? []);
  const itemHref = useItemHref();
  // The input and its results are one combobox (WAI-ARIA 1.2): focus stays in the input, the
  // arrow keys move the active result, and assistive technology is told which one it is.
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeResult = results.length > 0 ? Math.min(active, results.length - 1) : -1;
  const navigate = useNavigate();

  const go = (result: TSearchResult) => {
    onClose();
    navigate(itemHref(result.itemType, result.itemId, result.organizationId));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          'aria-label': intl.formatMessage({ id: 'search.dialog.title' }),
          sx: { alignSelf: 'flex-start', mt: { xs: 4, sm: 16 } },
        },
        transition: { onExited: () => setText('') },
      }}
    >
      <Box sx={{ p: 4, pb: 2 }}>
        <TextField
          autoFocus
          fullWidth
          type="search"
          label={intl.formatMessage({ id: 'search.dialog.label' })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((index) => Math.min(index + 1, results.length - 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => Math.max(index - 1, 0));
            } else if (event.key === 'Enter' && results[active]) {
              event.preventDefault();
              go(results[active]);
            }
          }}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': results.length > 0,
              ...(activeResult >= 0
                ? { 'aria-controls': listId, 'aria-activedescendant': optionId(activeResult) }
                : {}),
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ height: 4 }}>{isFetching ? <LinearProgress /> : null}</Box>
      <Box sx={{ maxHeight: '60vh', overflowY: 'auto', pb: 2 }}>
        {tooShort ? (
          <Typography color="text.secondary" sx={{ px: 4, py: 3 }}>
            <FormattedMessage id="search.dialog.tooShort" />
          </Typography>
        ) : results.length === 0 && !isFetching ? (
          <Typography color="text.secondary" sx={{ px: 4, py: 3 }}>
            <FormattedMessage id="search.dialog.noMatch" values={{ text: deferred }} />
          </Typography>
        ) : (
          <List
            id={listId}
            role="listbox"
            aria-label={intl.formatMessage({ id: 'search.dialog.results' })}
          >
            {results.map((result, index) => {
              const display = RESULT_DISPLAY[result.itemType];
              return (
                <ListItem
                  key={`${result.itemType}-${result.itemId}`}
                  disablePadding
                  role="presentation"
                >
                  <ListItemButton
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeResult}
                    tabIndex={-1}
                    selected={index === activeResult}
                    onClick={() => go(result)}
                    sx={{ px: 4 }}
                  >
                    <ListItemAvatar sx={{ minWidth: 52 }}>
                      <Avatar sx={{ bgcolor: display.color, color: '#fff', width: 36, height: 36 }}>
                        {display.icon}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary={result.title}
                      secondary={intl.formatMessage(
                        { id: 'search.dialog.resultDetail' },
                        {
                          type: intl.formatMessage({ id: display.label }),
                          subtitle: result.subtitle,
                        },
                      )}
                      slotProps={{
                        primary: { noWrap: true, sx: { fontWeight: 600 } },
                        secondary: { noWrap: true },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Dialog>
  );
}
