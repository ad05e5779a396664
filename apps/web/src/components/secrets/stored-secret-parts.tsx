import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';

import { ConfirmDialog } from '../forms/confirm-dialog';
import { useSnackbar } from '../snackbar/use-snackbar';
import { getErrorText } from '../../lib/errors/error-text';
import { formatDateTime } from '../../lib/format/format';

/** What a table shows where there is nothing to show. */
const NO_VALUE = '—';
/** What stands for the hidden middle of a secret. */
const ELLIPSIS = '…';

/** What API keys and SCIM tokens show alike: a named secret of an organization, its use. */
interface StoredSecretView {
  id: number;
  name: string;
  start: string;
  lastFour: string;
  createdAt: string;
  createdByName: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** The visible ends of a secret, `laurel_scim_4fQ…x9Zk`. */
export function SecretEnds({ secret }: { secret: Pick<StoredSecretView, 'start' | 'lastFour'> }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {secret.start}
      {ELLIPSIS}
      {secret.lastFour}
    </Box>
  );
}

/** When a secret was made and by whom; when it was last used and from where. */
export function SecretUseCells({
  secret,
  createdOnPhones = true,
}: {
  secret: StoredSecretView;
  /** Whether a phone shows who made it and when (a narrow table leaves it for a wider screen). */
  createdOnPhones?: boolean;
}) {
  return (
    <>
      <TableCell
        sx={{
          whiteSpace: 'nowrap',
          ...(createdOnPhones ? {} : { display: { xs: 'none', sm: 'table-cell' } }),
        }}
      >
        {formatDateTime(secret.createdAt)}
        <Typography variant="body2" color="text.secondary">
          {secret.createdByName ?? NO_VALUE}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {secret.lastUsedAt ? (
          formatDateTime(secret.lastUsedAt)
        ) : (
          <FormattedMessage id="secrets.never" />
        )}
        {secret.lastUsedIp ? (
          <Typography variant="body2" color="text.secondary">
            {secret.lastUsedIp}
          </Typography>
        ) : null}
      </TableCell>
    </>
  );
}

/**
 * Asks before revoking a secret, revokes it and says so: "The API key “CI” is revoked.", or why
 * it could not be.
 */
export function RevokeSecretDialog<T extends Pick<StoredSecretView, 'id' | 'name'>>({
  secret,
  kind,
  busy,
  revoke,
  onClose,
  children,
}: {
  secret: T | null;
  /** What the secret is: an API key or a SCIM token. */
  kind: 'apiKey' | 'scimToken';
  busy: boolean;
  revoke: (secret: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  return (
    <ConfirmDialog
      open={secret !== null}
      title={intl.formatMessage({ id: 'secrets.revoke.title' }, { name: secret?.name ?? '' })}
      confirmLabel={intl.formatMessage({ id: 'secrets.revoke.confirm' }, { kind })}
      destructive
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (!secret) return;
        void revoke(secret).then(
          () => {
            showSnackbar(
              intl.formatMessage({ id: 'secrets.revoke.done' }, { kind, name: secret.name }),
              'success',
            );
            onClose();
          },
          (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
        );
      }}
    >
      <Typography>{children}</Typography>
    </ConfirmDialog>
  );
}
