import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { FormattedMessage, useIntl } from 'react-intl';

import { useSnackbar } from '../snackbar/use-snackbar';

/**
 * A secret Laurel shows once (an API key, a webhook's signing secret): read-only in a field that
 * selects itself, with a copy button and the warning given as children.
 * @example <SecretShownOnceDialog title="Copy the key now" noun="key" label="API key" secret={secret} onClose={close}>Store it…</SecretShownOnceDialog>
 */
export function SecretShownOnceDialog({
  title,
  noun,
  label,
  secret,
  children,
  onClose,
}: {
  title: ReactNode;
  /** What the secret is called in the button and the messages, e.g. "key". */
  noun: string;
  label: string;
  secret: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { showSnackbar } = useSnackbar();
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(
      () =>
        showSnackbar(
          intl.formatMessage({ id: 'components.secretDialog.copied' }, { noun }),
          'success',
        ),
      () =>
        showSnackbar(
          intl.formatMessage({ id: 'components.secretDialog.copyFailed' }, { noun }),
          'error',
        ),
    );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 3 }}>
          {children}
        </Alert>
        <TextField
          label={label}
          value={secret}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
          }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyOutlined />} onClick={copy}>
          <FormattedMessage id="components.secretDialog.copy" values={{ noun }} />
        </Button>
        <Button variant="contained" onClick={onClose}>
          <FormattedMessage id="components.secretDialog.done" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
