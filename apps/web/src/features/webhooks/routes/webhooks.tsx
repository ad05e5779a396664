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
import { FormattedMessage, useIntl } from 'react-intl';
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
/** After the first characters of a secret (a sign, the same in every language). */
const ELLIPSIS = '…';

/**
 * `{organization route}/webhooks`: the organization's webhook endpoints, which receive signed
 * events (docs/api.md#webhooks), with each one's delivery log. Its admins and platform admins only.
 */
export default function WebhooksRoute() {
  const intl = useIntl();
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
            intl.formatMessage(
              { id: 'webhooks.list.enabledChanged' },
              { url: endpoint.url, enabled },
            ),
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
                <FormattedMessage id="webhooks.list.title" />
              </Typography>
              <Typography color="text.secondary">
                <FormattedMessage
                  id="webhooks.list.description"
                  values={{
                    link: (chunks) => (
                      <Link href={WEBHOOKS_GUIDE} target="_blank" rel="noopener" underline="always">
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
              <FormattedMessage id="webhooks.list.new" />
            </Button>
          </Box>
          {data && endpoints.length === 0 ? (
            <EmptyState
              title={intl.formatMessage({ id: 'webhooks.list.empty' })}
              description={intl.formatMessage({ id: 'webhooks.list.emptyDescription' })}
            />
          ) : (
            <TableContainer>
              <Table aria-labelledby="webhooks-title" size="small" sx={STACKED}>
                <TableHead>
                  <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
                    <TableCell>
                      <FormattedMessage id="webhooks.list.address" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="webhooks.list.events" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="webhooks.list.enabled" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="webhooks.list.secret" />
                    </TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        <FormattedMessage id="webhooks.list.actions" />
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
                          <FormattedMessage
                            id="webhooks.list.added"
                            values={{ date: formatDateTime(endpoint.createdAt) }}
                          />
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
                              'aria-label': intl.formatMessage(
                                { id: 'webhooks.list.enabledLabel' },
                                { url: endpoint.url },
                              ),
                            },
                          }}
                        />
                        <Typography component="span" variant="body2">
                          <FormattedMessage
                            id="webhooks.list.state"
                            values={{ enabled: endpoint.enabled }}
                          />
                        </Typography>
                        {endpoint.disabledReason ? (
                          <Typography variant="body2" color="error">
                            {endpoint.disabledReason}
                          </Typography>
                        ) : endpoint.failingSince ? (
                          <Typography variant="body2" color="warning.main">
                            <FormattedMessage
                              id="webhooks.list.failingSince"
                              values={{ date: formatDateTime(endpoint.failingSince) }}
                            />
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                        {endpoint.secretStart + ELLIPSIS}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={intl.formatMessage({ id: 'webhooks.list.deliveryLog' })}>
                          <IconButton
                            aria-label={intl.formatMessage(
                              { id: 'webhooks.list.deliveriesTo' },
                              { url: endpoint.url },
                            )}
                            onClick={() => setLogOf(endpoint)}
                          >
                            <HistoryOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={intl.formatMessage({ id: 'webhooks.list.rotate' })}>
                          <IconButton
                            aria-label={intl.formatMessage(
                              { id: 'webhooks.list.rotateOf' },
                              { url: endpoint.url },
                            )}
                            onClick={() => setRotating(endpoint)}
                          >
                            <KeyOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={intl.formatMessage({ id: 'webhooks.list.delete' })}>
                          <IconButton
                            aria-label={intl.formatMessage(
                              { id: 'webhooks.list.deleteOf' },
                              { url: endpoint.url },
                            )}
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
        title={intl.formatMessage({ id: 'webhooks.rotate.title' })}
        confirmLabel={intl.formatMessage({ id: 'webhooks.rotate.confirm' })}
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
          <FormattedMessage id="webhooks.rotate.description" values={{ url: rotating?.url }} />
        </Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={intl.formatMessage({ id: 'webhooks.delete.title' })}
        confirmLabel={intl.formatMessage({ id: 'webhooks.delete.confirm' })}
        destructive
        busy={deletingBusy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove({ organizationId: id, id: deleting.id })
            .unwrap()
            .then(
              () => {
                showSnackbar(
                  intl.formatMessage({ id: 'webhooks.delete.done' }, { url: deleting.url }),
                  'success',
                );
                setDeleting(null);
              },
              (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
            );
        }}
      >
        <Typography>
          <FormattedMessage id="webhooks.delete.description" values={{ url: deleting?.url }} />
        </Typography>
      </ConfirmDialog>
    </>
  );
}
