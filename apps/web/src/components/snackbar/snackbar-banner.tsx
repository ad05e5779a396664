import type { SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { NOTIFICATION_AUTO_HIDE_MS, type NotificationSeverity } from '@laurel/contract/constants';

import type { SnackbarAction } from './snackbar-context';

export interface Notice {
  key: number;
  message: string;
  severity: NotificationSeverity;
  action?: SnackbarAction;
}

export interface SnackbarBannerProps {
  notice: Notice | null;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** The banner at the top centre (spec §8); loaded with the first notification. */
export default function SnackbarBanner({ notice, open, onClose, onExited }: SnackbarBannerProps) {
  const intl = useIntl();
  const handleClose = (_event: SyntheticEvent | Event | null, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not dismiss the message.
    if (reason === 'clickaway') return;
    onClose();
  };

  // Each notice gets its own node at the end of <body>: one added while a modal (the bookmarks
  // drawer) is open is not hidden from assistive technology with the rest of the page.
  return (
    <Portal key={notice?.key}>
      <Snackbar
        open={open && notice !== null}
        autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ transition: { onExited } }}
      >
        {notice ? (
          <Alert
            variant="filled"
            severity={notice.severity}
            onClose={notice.action ? undefined : () => handleClose(null)}
            sx={{ minWidth: { sm: 360 }, maxWidth: 640, alignItems: 'center', boxShadow: 6 }}
            action={
              notice.action ? (
                <>
                  <Button
                    color="inherit"
                    size="small"
                    sx={{ fontWeight: 700 }}
                    onClick={() => {
                      notice.action?.onClick();
                      onClose();
                    }}
                  >
                    {notice.action.label}
                  </Button>
                  <IconButton
                    color="inherit"
                    size="small"
                    aria-label={intl.formatMessage({ id: 'components.snackbar.close' })}
                    onClick={() => handleClose(null)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              ) : undefined
            }
          >
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Portal>
  );
}
