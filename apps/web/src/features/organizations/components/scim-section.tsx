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
import { FormattedMessage, useIntl } from 'react-intl';

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
  const intl = useIntl();
  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => showSnackbar(intl.formatMessage({ id: 'scim.copied' }), 'success'),
      () => showSnackbar(intl.formatMessage({ id: 'scim.copyFailed' }), 'error'),
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
            <FormattedMessage id="scim.title" />
          </Typography>
          <Typography color="text.secondary">
            <FormattedMessage id="scim.description" />
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          <FormattedMessage id="scim.newToken" />
        </Button>
      </Box>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={96} />
      ) : (
        <>
          <TextField
            label={intl.formatMessage({ id: 'scim.baseUrl' })}
            value={data.baseUrl}
            fullWidth
            sx={{ mb: 3 }}
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={intl.formatMessage({ id: 'scim.copyAddress' })}>
                      <IconButton
                        aria-label={intl.formatMessage({ id: 'scim.copyBaseUrl' })}
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
            <FormattedMessage
              id="scim.lastActivity"
              values={{
                b: (chunks) => (
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {chunks}
                  </Box>
                ),
                activity: data.lastActivityAt
                  ? intl.formatMessage(
                      { id: 'scim.lastActivityAt' },
                      { when: formatDateTime(data.lastActivityAt), what: data.lastActivity ?? '' },
                    )
                  : intl.formatMessage({ id: 'scim.noActivity' }),
              }}
            />
          </Typography>
          {data.tokens.length === 0 ? (
            <Typography color="text.secondary">
              <FormattedMessage id="scim.empty" />
            </Typography>
          ) : (
            <TableContainer>
              <Table aria-labelledby="scim-title" size="small">
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>
                      <FormattedMessage id="scim.table.token" />
                    </TableCell>
                    <TableCell sx={HIDDEN_ON_PHONES}>
                      <FormattedMessage id="scim.table.created" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="scim.table.lastUsed" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="scim.table.status" />
                    </TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        <FormattedMessage id="scim.table.actions" />
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
                          label={intl.formatMessage(
                            { id: 'scim.status' },
                            { revoked: String(Boolean(token.revokedAt)) },
                          )}
                          sx={{ fontWeight: 700 }}
                        />
                      </TableCell>
                      <TableCell>
                        {token.revokedAt ? null : (
                          <Tooltip title={intl.formatMessage({ id: 'scim.revoke' })}>
                            <IconButton
                              aria-label={intl.formatMessage(
                                { id: 'scim.revokeToken' },
                                { name: token.name },
                              )}
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
          title={intl.formatMessage({ id: 'scim.created.title' }, { name: created.name })}
          noun={intl.formatMessage({ id: 'scim.created.noun' })}
          label={intl.formatMessage({ id: 'scim.created.label' })}
          secret={created.secret}
          onClose={() => setCreated(null)}
        >
          <FormattedMessage id="scim.created.description" />
        </SecretShownOnceDialog>
      ) : null}
      <RevokeSecretDialog
        secret={revoking}
        kind="scimToken"
        busy={revokingBusy}
        revoke={(token) => revoke({ organizationId, id: token.id }).unwrap()}
        onClose={() => setRevoking(null)}
      >
        <FormattedMessage id="scim.revokeDescription" />
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
  const intl = useIntl();
  return (
    <FormDialog
      form={form}
      title={intl.formatMessage({ id: 'scim.create.title' })}
      description={intl.formatMessage({ id: 'scim.create.description' })}
      submitLabel={intl.formatMessage({ id: 'scim.create.submit' })}
      busyLabel={intl.formatMessage({ id: 'scim.create.busy' })}
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField
        name="name"
        label={intl.formatMessage({ id: 'scim.create.name' })}
        required
        autoFocus
      />
    </FormDialog>
  );
}
