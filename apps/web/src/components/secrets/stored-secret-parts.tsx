import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';

import { ConfirmDialog } from '../forms/confirm-dialog';
import { useSnackbar } from '../snackbar/use-snackbar';
import { getErrorText } from '../../lib/errors/error-text';
import { formatDateTime } from '../../lib/format/format';

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
      {secret.start}…{secret.lastFour}
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
          {secret.createdByName ?? '—'}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {secret.lastUsedAt ? formatDateTime(secret.lastUsedAt) : 'Never'}
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
  noun,
  busy,
  revoke,
  onClose,
  children,
}: {
  secret: T | null;
  /** "API key", "SCIM token". */
  noun: string;
  busy: boolean;
  revoke: (secret: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { showSnackbar } = useSnackbar();
  return (
    <ConfirmDialog
      open={secret !== null}
      title={`Revoke “${secret?.name ?? ''}”?`}
      confirmLabel={`Revoke ${noun.split(' ').at(-1)}`}
      destructive
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (!secret) return;
        void revoke(secret).then(
          () => {
            showSnackbar(`The ${noun} “${secret.name}” is revoked.`, 'success');
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
