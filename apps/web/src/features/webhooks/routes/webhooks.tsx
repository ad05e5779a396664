import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import type { TWebhookEndpoint, TWebhookEndpointWithSecret } from '@laurel/contract/webhooks';

import { EmptyState } from '../../../components/feedback/empty-state';
import { NoAccess } from '../../../components/feedback/no-access';
import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDateTime } from '../../../lib/format/format';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import {
  useDeleteWebhookMutation,
  useListWebhooksQuery,
  useRotateWebhookSecretMutation,
  useUpdateWebhookMutation,
} from '../api/webhooks-api';
import {
  CreateWebhookDialog,
  DeliveryLogDialog,
  WebhookSecretDialog,
} from '../components/webhook-dialogs';

/** Below `md` each endpoint is a block of its cells, one under another, without the header. */
const STACKED = {
  '& thead': { display: { xs: 'none', md: 'table-header-group' } },
  '& tbody tr': {
    display: { xs: 'block', md: 'table-row' },
    py: { xs: 2, md: 0 },
    borderBottom: { xs: 1, md: 0 },
    borderColor: 'divider',
  },
  '& tbody td': {
    display: { xs: 'block', md: 'table-cell' },
    border: { xs: 0 },
    borderBottom: { md: 1 },
    borderColor: { md: 'divider' },
    px: { xs: 0, md: 2 },
    py: { xs: 0.5, md: 1 },
  },
} as const;

/** Where the specification deliveries follow is explained. */
const WEBHOOKS_GUIDE = 'https://www.standardwebhooks.com/';

/**
 * `{organization route}/webhooks`: the organization's webhook endpoints, which receive signed
 * events (docs/api.md#webhooks), with each one's delivery log. Its admins and platform admins only.
 */
export default function WebhooksRoute() {
  const { organizationId } = useOrganizationRoute();
  const id = organizationId ?? 0;
  const allowed = useCan()('manage:webhook', { organizationId: id });
  const { data, error } = useListWebhooksQuery(id, { skip: !allowed });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{
    endpoint: TWebhookEndpointWithSecret;
    rotated: boolean;
  } | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<TWebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<TWebhookEndpoint | null>(null);
  const [update] = useUpdateWebhookMutation();
  const [remove, { isLoading: deletingBusy }] = useDeleteWebhookMutation();
  const [rotate, { isLoading: rotatingBusy }] = useRotateWebhookSecretMutation();
  const { showSnackbar } = useSnackbar();

  if (!allowed || error) return <NoAccess />;
  const endpoints = data?.items ?? [];
  const setEnabled = (endpoint: TWebhookEndpoint, enabled: boolean) =>
    void update({ organizationId: id, id: endpoint.id, body: { enabled } })
      .unwrap()
      .then(
        () =>
          showSnackbar(
            `${endpoint.url} is ${enabled ? 'enabled: waiting events are sent now' : 'disabled'}.`,
            'success',
          ),
        (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
      );
  return (
    <>
      <Card component="section" aria-labelledby="webhooks-title">
        <CardContent sx={{ p: { xs: 3, sm: 6 }, '&:last-child': { pb: { xs: 3, sm: 6 } } }}>
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
              <Typography id="webhooks-title" variant="h6" component="h2">
                Webhooks
              </Typography>
              <Typography color="text.secondary">
                A student information system or CRM hears of finished uploads, matched awards,
                updated insights and signed credentials as they happen: each delivery is signed per{' '}
                <Link href={WEBHOOKS_GUIDE} target="_blank" rel="noopener" underline="always">
                  Standard Webhooks
                </Link>{' '}
                and retried for about a day.
              </Typography>
            </Box>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreating(true)}
            >
              New endpoint
            </Button>
          </Box>
          {data && endpoints.length === 0 ? (
            <EmptyState
              title="No webhook endpoints yet"
              description="Add the address of the system that should hear of new events."
            />
          ) : (
            <TableContainer>
              <Table aria-labelledby="webhooks-title" size="small" sx={STACKED}>
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>Address</TableCell>
                    <TableCell>Events</TableCell>
                    <TableCell>Enabled</TableCell>
                    <TableCell>Secret</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {endpoints.map((endpoint) => (
                    <TableRow key={endpoint.id}>
                      <TableCell sx={{ minWidth: { md: 220 }, wordBreak: 'break-all' }}>
                        <Typography sx={{ fontWeight: 700 }}>{endpoint.url}</Typography>
                        {endpoint.description ? (
                          <Typography variant="body2" color="text.secondary">
                            {endpoint.description}
                          </Typography>
                        ) : null}
                        <Typography variant="body2" color="text.secondary">
                          Added {formatDateTime(endpoint.createdAt)}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                          {endpoint.events.map((event) => (
                            <Chip key={event} size="small" variant="outlined" label={event} />
                          ))}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ minWidth: { md: 160 } }}>
                        <Switch
                          checked={endpoint.enabled}
                          onChange={(change) => setEnabled(endpoint, change.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': `${endpoint.url} enabled`,
                            },
                          }}
                        />
                        <Typography component="span" variant="body2">
                          {endpoint.enabled ? 'Enabled' : 'Disabled'}
                        </Typography>
                        {endpoint.disabledReason ? (
                          <Typography variant="body2" color="error">
                            {endpoint.disabledReason}
                          </Typography>
                        ) : endpoint.failingSince ? (
                          <Typography variant="body2" color="warning.main">
                            Failing since {formatDateTime(endpoint.failingSince)}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {endpoint.secretStart}…
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title="Delivery log">
                          <IconButton
                            aria-label={`Deliveries to ${endpoint.url}`}
                            onClick={() => setLogOf(endpoint)}
                          >
                            <HistoryOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Rotate the secret">
                          <IconButton
                            aria-label={`Rotate the secret of ${endpoint.url}`}
                            onClick={() => setRotating(endpoint)}
                          >
                            <KeyOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Delete">
                          <IconButton
                            aria-label={`Delete ${endpoint.url}`}
                            onClick={() => setDeleting(endpoint)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
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
        <CreateWebhookDialog
          organizationId={id}
          onClose={() => setCreating(false)}
          onCreated={(endpoint) => setSecret({ endpoint, rotated: false })}
        />
      ) : null}
      {secret ? (
        <WebhookSecretDialog
          endpoint={secret.endpoint}
          rotated={secret.rotated}
          onClose={() => setSecret(null)}
        />
      ) : null}
      {logOf ? <DeliveryLogDialog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotatingBusy}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          void rotate({ organizationId: id, id: rotating.id })
            .unwrap()
            .then(
              (endpoint) => {
                setRotating(null);
                setSecret({ endpoint, rotated: true });
              },
              (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
            );
        }}
      >
        <Typography>
          A new secret is made for {rotating?.url}. Deliveries carry signatures with both secrets
          for 24 hours, so the receiver can move to the new one without refusing any.
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        destructive
        busy={deletingBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove({ organizationId: id, id: deleting.id })
            .unwrap()
            .then(
              () => {
                showSnackbar(`${deleting.url} receives no more events.`, 'success');
                setDeleting(null);
              },
              (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
            );
        }}
      >
        <Typography>
          {deleting?.url} receives no more events, and its delivery log is deleted. Disable it
          instead to pause deliveries.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
