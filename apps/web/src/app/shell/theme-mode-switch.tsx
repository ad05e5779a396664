import { useIntl } from 'react-intl';
import { useColorScheme } from '@mui/material/styles';

import { HeaderIcon } from './header-icons';
import { LaterTooltip as Tooltip } from './later-tooltip';

/** Switches between light and dark; the choice is remembered by MUI under `mui-mode`. */
export function ThemeModeSwitch() {
  const { mode, systemMode, setMode } = useColorScheme();
  const resolved = mode === 'system' ? systemMode : mode;
  const isDark = resolved === 'dark';
  const intl = useIntl();
  const label = intl.formatMessage({ id: isDark ? 'shell.lightMode' : 'shell.darkMode' });
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="laurel-header-button"
        aria-label={label}
        onClick={() => setMode(isDark ? 'light' : 'dark')}
      >
        <HeaderIcon name={isDark ? 'lightMode' : 'darkMode'} />
      </button>
    </Tooltip>
  );
}
