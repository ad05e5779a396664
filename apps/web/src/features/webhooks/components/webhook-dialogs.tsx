import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  ZWebhookEndpointCreateBody,
} from '@laurel/contract/webhooks';

import { EmptyState } from '../../../components/feedback/empty-state';
import { SecretShownOnceDialog } from '../../../components/feedback/secret-shown-once-dialog';
import { CheckboxGroupField } from '../../../components/forms/checkbox-group-field';
import { FormTextField } from '../../../components/forms/form-fields';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDateTime } from '../../../lib/format/format';
import {
  useCreateWebhookMutation,
  useListWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} from '../api/webhooks-api';

interface Values extends Record<string, unknown> {
  url: string;
  description: string;
  events: WebhookEventType[];
}

const toBody = (values: Values) => ({
  url: values.url,
  events: values.events,
  ...(values.description.trim() ? { description: values.description } : {}),
});

/** A new endpoint: its https address and the events it receives. */
export function CreateWebhookDialog({
  organizationId,
  onClose,
  onCreated,
}: {
  organizationId: number;
  onClose: () => void;
  onCreated: (endpoint: TWebhookEndpointWithSecret) => void;
}) {
  const form = useFormState<Values>(
    { url: '', description: '', events: [] },
    validateWith(ZWebhookEndpointCreateBody, toBody),
  );
  const [create] = useCreateWebhookMutation();
  return (
    <FormDialog
      form={form}
      title="New webhook endpoint"
      description="Laurel sends the events you choose to this public https address, signed with a secret only the receiver and Laurel know."
      submitLabel="Add endpoint"
      busyLabel="Adding…"
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField name="url" label="Address (https://…)" required autoFocus />
      <FormTextField name="description" label="Description (optional)" />
      <CheckboxGroupField
        name="events"
        legend="Events"
        options={WEBHOOK_EVENT_TYPES}
        labels={WEBHOOK_EVENT_LABELS}
      />
    </FormDialog>
  );
}

/** An endpoint's signing secret, new or rotated: shown this once, to copy into the receiver. */
export function WebhookSecretDialog({
  endpoint,
  rotated,
  onClose,
}: {
  endpoint: TWebhookEndpointWithSecret;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <SecretShownOnceDialog
      title="Copy the signing secret now"
      noun="signing secret"
      label="Signing secret"
      secret={endpoint.secret}
      onClose={onClose}
    >
      This is the only time the secret of {endpoint.url} is shown. The receiver verifies each
      delivery&apos;s <code>webhook-signature</code> with it.
      {rotated ? ' The previous secret signs deliveries as well for 24 hours.' : ''}
    </SecretShownOnceDialog>
  );
}

const DELIVERY_COLORS = { PENDING: 'warning', SUCCEEDED: 'success', FAILED: 'error' } as const;

/** One attempt as the log shows it: when, the answer or the error, how long. */
function attemptLine(attempt: TWebhookDelivery['attempts'][number]) {
  const outcome =
    attempt.error ?? (attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`);
  const answer =
    attempt.error && attempt.statusCode !== null
      ? `HTTP ${attempt.statusCode}: ${outcome}`
      : outcome;
  return `${formatDateTime(attempt.attemptedAt)} · ${answer} · ${attempt.durationMs} ms`;
}

/** An endpoint's newest deliveries, each attempt with its answer, and "Resend". */
export function DeliveryLogDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const target = { organizationId: endpoint.organizationId, id: endpoint.id };
  const { data, isFetching } = useListWebhookDeliveriesQuery(target);
  const [resend, { isLoading: resending }] = useResendWebhookDeliveryMutation();
  const { showSnackbar } = useSnackbar();
  const deliveries = data?.items ?? [];
  const send = (delivery: TWebhookDelivery) =>
    void resend({ ...target, deliveryId: delivery.id })
      .unwrap()
      .then(
        () => showSnackbar(`The ${delivery.eventType} event is sent again.`, 'success'),
        (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
      );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="delivery-log-title">
      <DialogTitle id="delivery-log-title">Deliveries to {endpoint.url}</DialogTitle>
      <DialogContent dividers>
        {data && deliveries.length === 0 ? (
          <EmptyState
            title="No deliveries yet"
            description="Events this endpoint receives are listed here, with every attempt."
          />
        ) : (
          <List disablePadding aria-busy={isFetching}>
            {deliveries.map((delivery) => (
              <ListItem
                key={delivery.id}
                divider
                disableGutters
                sx={{ display: 'block', py: 2 }}
                aria-label={`${delivery.eventType} ${WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}`}
              >
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 2,
                    justifyContent: 'space-between',
                  }}
                >
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                    <Typography component="code" sx={{ fontWeight: 700 }}>
                      {delivery.eventType}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={DELIVERY_COLORS[delivery.status]}
                      label={WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {formatDateTime(delivery.createdAt)}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    startIcon={<ReplayOutlined />}
                    disabled={resending}
                    onClick={() => send(delivery)}
                    aria-label={`Resend the ${delivery.eventType} event of ${formatDateTime(delivery.createdAt)}`}
                  >
                    Resend
                  </Button>
                </Box>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {delivery.messageId}
                  {delivery.nextAttemptAt
                    ? ` · next attempt ${formatDateTime(delivery.nextAttemptAt)}`
                    : ''}
                </Typography>
                <Box component="ol" sx={{ m: 0, mt: 1, pl: 3 }}>
                  {delivery.attempts.map((attempt) => (
                    <Typography component="li" variant="body2" key={attempt.attemptedAt}>
                      {attemptLine(attempt)}
                      {attempt.responseBody ? (
                        <Box
                          component="pre"
                          sx={{
                            m: 0,
                            mt: 0.5,
                            p: 1,
                            bgcolor: 'action.hover',
                            borderRadius: 1,
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-all',
                            fontSize: 12,
                          }}
                        >
                          {attempt.responseBody}
                        </Box>
                      ) : null}
                    </Typography>
                  ))}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
