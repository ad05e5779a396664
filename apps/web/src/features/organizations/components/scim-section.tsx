import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  type TScimToken,
  type TScimTokenCreated,
  ZScimTokenCreateBody,
} from '@laurel/contract/scim';

import { SecretShownOnceDialog } from '../../../components/feedback/secret-shown-once-dialog';
import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormTextField } from '../../../components/forms/form-fields';
import {
  RevokeSecretDialog,
  SecretEnds,
  SecretUseCells,
} from '../../../components/secrets/stored-secret-parts';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { formatDateTime } from '../../../lib/format/format';
import {
  useCreateScimTokenMutation,
  useGetScimSettingsQuery,
  useRevokeScimTokenMutation,
} from '../api/scim-api';

/** Who made a token and when waits for a wider screen: a phone shows the token and its use. */
const HIDDEN_ON_PHONES = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Provisioning (SCIM) of an organization, in its SSO settings: the address a directory (Entra ID,
 * Okta) is given, its tokens (each secret shown once), and the last change a directory made.
 */
export function ScimSection({ organizationId }: { organizationId: number }) {
  const { data, isLoading } = useGetScimSettingsQuery(organizationId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TScimTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const [revoke, { isLoading: revokingBusy }] = useRevokeScimTokenMutation();
  const { showSnackbar } = useSnackbar();
  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => showSnackbar('The address is copied.', 'success'),
      () => showSnackbar('Copying failed: select the address and copy it.', 'error'),
    );

  return (
    <Box component="section" aria-labelledby="scim-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Box sx={{ maxWidth: 720 }}>
          <Typography id="scim-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Provisioning (SCIM)
          </Typography>
          <Typography color="text.secondary">
            The institution&apos;s directory (Microsoft Entra ID, Okta) creates, updates and
            deactivates this organization&apos;s people. Give it the address and a token.
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          New SCIM token
        </Button>
      </Box>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={96} />
      ) : (
        <>
          <TextField
            label="SCIM base URL"
            value={data.baseUrl}
            fullWidth
            sx={{ mb: 3 }}
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy the address">
                      <IconButton
                        aria-label="Copy the SCIM base URL"
                        onClick={() => copy(data.baseUrl)}
                        edge="end"
                      >
                        <ContentCopyOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography variant="body2" sx={{ mb: 3 }}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              Last provisioning activity:
            </Box>{' '}
            {data.lastActivityAt
              ? `${formatDateTime(data.lastActivityAt)} — ${data.lastActivity ?? ''}`
              : 'None yet'}
          </Typography>
          {data.tokens.length === 0 ? (
            <Typography color="text.secondary">
              No SCIM tokens yet: create one for the directory that provisions this
              organization&apos;s people.
            </Typography>
          ) : (
            <TableContainer>
              <Table aria-labelledby="scim-title" size="small">
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>Token</TableCell>
                    <TableCell sx={HIDDEN_ON_PHONES}>Created</TableCell>
                    <TableCell>Last used</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.tokens.map((token) => (
                    <TableRow key={token.id}>
                      <TableCell>
                        <Box sx={{ fontWeight: 700 }}>{token.name}</Box>
                        <Box sx={{ color: 'text.secondary' }}>
                          <SecretEnds secret={token} />
                        </Box>
                      </TableCell>
                      <SecretUseCells secret={token} createdOnPhones={false} />
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={token.revokedAt ? 'error' : 'success'}
                          label={token.revokedAt ? 'Revoked' : 'Active'}
                          sx={{ fontWeight: 700 }}
                        />
                      </TableCell>
                      <TableCell>
                        {token.revokedAt ? null : (
                          <Tooltip title="Revoke">
                            <IconButton
                              aria-label={`Revoke the SCIM token ${token.name}`}
                              onClick={() => setRevoking(token)}
                            >
                              <BlockOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
      {creating ? (
        <CreateScimTokenDialog
          organizationId={organizationId}
          onClose={() => setCreating(false)}
          onCreated={setCreated}
        />
      ) : null}
      {created ? (
        <SecretShownOnceDialog
          title={`Copy the SCIM token “${created.name}” now`}
          noun="token"
          label="SCIM token"
          secret={created.secret}
          onClose={() => setCreated(null)}
        >
          This is the only time the token is shown. Paste it into the directory&apos;s provisioning
          settings (Secret Token in Entra ID, API Token in Okta); Laurel keeps only a fingerprint of
          it.
        </SecretShownOnceDialog>
      ) : null}
      <RevokeSecretDialog
        secret={revoking}
        kind="scimToken"
        busy={revokingBusy}
        revoke={(token) => revoke({ organizationId, id: token.id }).unwrap()}
        onClose={() => setRevoking(null)}
      >
        The directory&apos;s calls with this token are refused within a second, on every server:
        provisioning stops until it is given a new token.
      </RevokeSecretDialog>
    </Box>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
}
const toBody = (values: Values) => ({ name: values.name });

function CreateScimTokenDialog({
  organizationId,
  onClose,
  onCreated,
}: {
  organizationId: number;
  onClose: () => void;
  onCreated: (token: TScimTokenCreated) => void;
}) {
  const form = useFormState<Values>({ name: '' }, validateWith(ZScimTokenCreateBody, toBody));
  const [create] = useCreateScimTokenMutation();
  return (
    <FormDialog
      form={form}
      title="New SCIM token"
      description="For the directory that provisions this organization's people: name it after the directory."
      submitLabel="Create token"
      busyLabel="Creating…"
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField name="name" label="Name" required autoFocus />
    </FormDialog>
  );
}
