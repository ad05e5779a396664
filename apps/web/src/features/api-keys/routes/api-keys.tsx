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
import AddOutlined from '@mui/icons-material/AddOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import {
  API_KEY_STATUS_LABELS,
  type TApiKey,
  type TApiKeyCreated,
} from '@laurel/contract/api-keys';
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
                API keys
              </Typography>
              <Typography color="text.secondary">
                A student information system, learning platform or CRM sends awards and reads
                results with a key: each key reaches only its scopes, in this organization only.{' '}
                <Link href={API_PATHS.docs} target="_blank" rel="noopener">
                  API reference
                </Link>
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreating(true)}
            >
              New API key
            </Button>
          </Box>
          {data && keys.length === 0 ? (
            <EmptyState
              title="No API keys yet"
              description="Create one for the system that should send awards or read results."
            />
          ) : (
            <TableContainer>
              <Table aria-labelledby="api-keys-title" size="small">
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>Name</TableCell>
                    <TableCell>Key</TableCell>
                    <TableCell>Scopes</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Created</TableCell>
                    <TableCell>Last used</TableCell>
                    <TableCell>Expires</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Actions
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
                          label={API_KEY_STATUS_LABELS[key.status]}
                          sx={{ fontWeight: 700 }}
                        />
                      </TableCell>
                      <SecretUseCells secret={key} />
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {key.revokedAt
                          ? `Revoked ${formatDateTime(key.revokedAt)}`
                          : key.expiresAt
                            ? formatDateTime(key.expiresAt)
                            : 'Never'}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {key.status === 'ACTIVE' ? (
                          <>
                            <Tooltip title="Rotate: a new key, this one working a while longer">
                              <IconButton
                                aria-label={`Rotate the API key ${key.name}`}
                                onClick={() => setRotating(key)}
                              >
                                <AutorenewOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title="Revoke">
                              <IconButton
                                aria-label={`Revoke the API key ${key.name}`}
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
        Every call with this key is refused within a second, on every server. This cannot be undone:
        the system using it needs a new key.
      </RevokeSecretDialog>
    </>
  );
}
