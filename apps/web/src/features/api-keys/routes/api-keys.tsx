import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import AddOutlined from '@mui/icons-material/AddOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { type TApiKey, type TApiKeyCreated } from '@laurel/contract/api-keys';
import { API_PATHS } from '@laurel/contract/paths';

import { EmptyState } from '../../../components/feedback/empty-state';
import { NoAccess } from '../../../components/feedback/no-access';
import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import {
  RevokeSecretDialog,
  SecretEnds,
  SecretUseCells,
} from '../../../components/secrets/stored-secret-parts';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/format/format';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { useListApiKeysQuery, useRevokeApiKeyMutation } from '../api/api-keys-api';
import {
  ApiKeySecretDialog,
  CreateApiKeyDialog,
  RotateApiKeyDialog,
} from '../components/api-key-dialogs';

const STATUS_COLORS = { ACTIVE: 'success', EXPIRED: 'default', REVOKED: 'error' } as const;

/**
 * `{organization route}/api-keys`: the organization's API keys, for systems that send awards or
 * read results without a person (docs/api.md). Its admins and platform admins only.
 */
export default function ApiKeysRoute() {
  const { organizationId } = useOrganizationRoute();
  const id = organizationId ?? 0;
  const allowed = useCan()('manage:apikey', { organizationId: id });
  const { data, error } = useListApiKeysQuery(id, { skip: !allowed });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const [rotating, setRotating] = useState<TApiKey | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const [revoke, { isLoading: revokingBusy }] = useRevokeApiKeyMutation();
  const intl = useIntl();

  if (!allowed || error) return <NoAccess />;
  const keys = data?.items ?? [];
  return (
    <>
      <Card component="section" aria-labelledby="api-keys-title">
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 3,
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              mb: 4,
            }}
          >
            <Box sx={{ maxWidth: 720 }}>
              <Typography id="api-keys-title" variant="h6" component="h2">
                <FormattedMessage id="apiKeys.title" />
              </Typography>
              <Typography color="text.secondary">
                <FormattedMessage
                  id="apiKeys.description"
                  values={{
                    link: (chunks) => (
                      <Link href={API_PATHS.docs} target="_blank" rel="noopener" underline="always">
                        {chunks}
                      </Link>
                    ),
                  }}
                />
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreating(true)}
            >
              <FormattedMessage id="apiKeys.new" />
            </Button>
          </Box>
          {data && keys.length === 0 ? (
            <EmptyState
              title={intl.formatMessage({ id: 'apiKeys.empty.title' })}
              description={intl.formatMessage({ id: 'apiKeys.empty.description' })}
            />
          ) : (
            <TableContainer>
              <Table aria-labelledby="api-keys-title" size="small">
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.name" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.key" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.scopes" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.status" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.created" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.lastUsed" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="apiKeys.table.expires" />
                    </TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        <FormattedMessage id="apiKeys.table.actions" />
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {keys.map((key) => (
                    <TableRow key={key.id}>
                      <TableCell sx={{ fontWeight: 700 }}>{key.name}</TableCell>
                      <TableCell>
                        <SecretEnds secret={key} />
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                          {key.scopes.map((scope) => (
                            <Chip key={scope} size="small" variant="outlined" label={scope} />
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={STATUS_COLORS[key.status]}
                          label={intl.formatMessage(
                            { id: 'apiKeys.status' },
                            { status: key.status },
                          )}
                          sx={{ fontWeight: 700 }}
                        />
                      </TableCell>
                      <SecretUseCells secret={key} />
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {key.revokedAt
                          ? intl.formatMessage(
                              { id: 'apiKeys.revokedAt' },
                              { when: formatDateTime(key.revokedAt) },
                            )
                          : key.expiresAt
                            ? formatDateTime(key.expiresAt)
                            : intl.formatMessage({ id: 'apiKeys.never' })}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {key.status === 'ACTIVE' ? (
                          <>
                            <Tooltip title={intl.formatMessage({ id: 'apiKeys.rotateHint' })}>
                              <IconButton
                                aria-label={intl.formatMessage(
                                  { id: 'apiKeys.rotateKey' },
                                  { name: key.name },
                                )}
                                onClick={() => setRotating(key)}
                              >
                                <AutorenewOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={intl.formatMessage({ id: 'apiKeys.revoke' })}>
                              <IconButton
                                aria-label={intl.formatMessage(
                                  { id: 'apiKeys.revokeKey' },
                                  { name: key.name },
                                )}
                                onClick={() => setRevoking(key)}
                              >
                                <BlockOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      {creating ? (
        <CreateApiKeyDialog
          organizationId={id}
          onClose={() => setCreating(false)}
          onCreated={setCreated}
        />
      ) : null}
      {rotating ? (
        <RotateApiKeyDialog
          apiKey={rotating}
          onClose={() => setRotating(null)}
          onRotated={(key) => {
            setRotating(null);
            setCreated(key);
          }}
        />
      ) : null}
      {created ? <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      <RevokeSecretDialog
        secret={revoking}
        kind="apiKey"
        busy={revokingBusy}
        revoke={(key) => revoke({ organizationId: id, id: key.id }).unwrap()}
        onClose={() => setRevoking(null)}
      >
        <FormattedMessage id="apiKeys.revokeDescription" />
      </RevokeSecretDialog>
    </>
  );
}
