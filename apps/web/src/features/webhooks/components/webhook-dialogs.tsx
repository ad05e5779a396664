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
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import {
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
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
import type { MessageId } from '../../../lib/i18n/catalogue';
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

/** Each event's description in the catalogues (the contract's `WEBHOOK_EVENT_LABELS` in English). */
export const EVENT_TEXT = {
  'upload.completed': 'webhooks.event.uploadCompleted',
  'upload.failed': 'webhooks.event.uploadFailed',
  'award.matched': 'webhooks.event.awardMatched',
  'insights.updated': 'webhooks.event.insightsUpdated',
  'credential.issued': 'webhooks.event.credentialIssued',
  'credential.revoked': 'webhooks.event.credentialRevoked',
} as const satisfies Record<WebhookEventType, MessageId>;

/** Each delivery status's word (the contract's `WEBHOOK_DELIVERY_STATUS_LABELS` in English). */
export const DELIVERY_STATUS_TEXT = {
  PENDING: 'webhooks.delivery.pending',
  SUCCEEDED: 'webhooks.delivery.succeeded',
  FAILED: 'webhooks.delivery.failed',
} as const satisfies Record<TWebhookDelivery['status'], MessageId>;

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
  const intl = useIntl();
  const form = useFormState<Values>(
    { url: '', description: '', events: [] },
    validateWith(ZWebhookEndpointCreateBody, toBody),
  );
  const [create] = useCreateWebhookMutation();
  return (
    <FormDialog
      form={form}
      title={intl.formatMessage({ id: 'webhooks.create.title' })}
      description={intl.formatMessage({ id: 'webhooks.create.description' })}
      submitLabel={intl.formatMessage({ id: 'webhooks.create.submit' })}
      busyLabel={intl.formatMessage({ id: 'webhooks.create.busy' })}
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField
        name="url"
        label={intl.formatMessage({ id: 'webhooks.create.address' })}
        required
        autoFocus
      />
      <FormTextField
        name="description"
        label={intl.formatMessage({ id: 'webhooks.create.descriptionField' })}
      />
      <CheckboxGroupField
        name="events"
        legend={intl.formatMessage({ id: 'webhooks.list.events' })}
        options={WEBHOOK_EVENT_TYPES}
        labels={eventLabels(intl)}
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
  const intl = useIntl();
  return (
    <SecretShownOnceDialog
      title={intl.formatMessage({ id: 'webhooks.secret.title' })}
      noun={intl.formatMessage({ id: 'webhooks.secret.noun' })}
      label={intl.formatMessage({ id: 'webhooks.secret.label' })}
      secret={endpoint.secret}
      onClose={onClose}
    >
      <FormattedMessage
        id="webhooks.secret.warning"
        values={{ url: endpoint.url, rotated, code: (chunks) => <code>{chunks}</code> }}
      />
    </SecretShownOnceDialog>
  );
}

const DELIVERY_COLORS = { PENDING: 'warning', SUCCEEDED: 'success', FAILED: 'error' } as const;

/** One attempt as the log shows it: when, the answer or the error, how long. */
function attemptLine(intl: IntlShape, attempt: TWebhookDelivery['attempts'][number]) {
  const answer =
    attempt.statusCode === null
      ? (attempt.error ?? intl.formatMessage({ id: 'webhooks.delivery.noAnswer' }))
      : attempt.error
        ? `HTTP ${attempt.statusCode}: ${attempt.error}`
        : `HTTP ${attempt.statusCode}`;
  return intl.formatMessage(
    { id: 'webhooks.delivery.attempt' },
    { date: formatDateTime(attempt.attemptedAt), answer, duration: attempt.durationMs },
  );
}

/** The events' descriptions in the chosen language, by event. */
const eventLabels = (intl: IntlShape) =>
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((event) => [event, intl.formatMessage({ id: EVENT_TEXT[event] })]),
  ) as Record<WebhookEventType, string>;

/** An endpoint's newest deliveries, each attempt with its answer, and "Resend". */
export function DeliveryLogDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const intl = useIntl();
  const target = { organizationId: endpoint.organizationId, id: endpoint.id };
  const { data, isFetching } = useListWebhookDeliveriesQuery(target);
  const [resend, { isLoading: resending }] = useResendWebhookDeliveryMutation();
  const { showSnackbar } = useSnackbar();
  const deliveries = data?.items ?? [];
  const send = (delivery: TWebhookDelivery) =>
    void resend({ ...target, deliveryId: delivery.id })
      .unwrap()
      .then(
        () =>
          showSnackbar(
            intl.formatMessage({ id: 'webhooks.delivery.resent' }, { event: delivery.eventType }),
            'success',
          ),
        (failure: unknown) => showSnackbar(getErrorText(failure), 'error'),
      );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="delivery-log-title">
      <DialogTitle id="delivery-log-title">
        <FormattedMessage id="webhooks.list.deliveriesTo" values={{ url: endpoint.url }} />
      </DialogTitle>
      <DialogContent dividers>
        {data && deliveries.length === 0 ? (
          <EmptyState
            title={intl.formatMessage({ id: 'webhooks.delivery.empty' })}
            description={intl.formatMessage({ id: 'webhooks.delivery.emptyDescription' })}
          />
        ) : (
          <List disablePadding aria-busy={isFetching}>
            {deliveries.map((delivery) => (
              <ListItem
                key={delivery.id}
                divider
                disableGutters
                sx={{ display: 'block', py: 2 }}
                aria-label={intl.formatMessage(
                  { id: 'webhooks.delivery.label' },
                  {
                    event: delivery.eventType,
                    status: intl.formatMessage({ id: DELIVERY_STATUS_TEXT[delivery.status] }),
                  },
                )}
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
                      label={intl.formatMessage({ id: DELIVERY_STATUS_TEXT[delivery.status] })}
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
                    aria-label={intl.formatMessage(
                      { id: 'webhooks.delivery.resendLabel' },
                      { event: delivery.eventType, date: formatDateTime(delivery.createdAt) },
                    )}
                  >
                    <FormattedMessage id="webhooks.delivery.resend" />
                  </Button>
                </Box>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {delivery.messageId}
                  {delivery.nextAttemptAt ? (
                    <FormattedMessage
                      id="webhooks.delivery.nextAttempt"
                      values={{ date: formatDateTime(delivery.nextAttemptAt) }}
                    />
                  ) : null}
                </Typography>
                <Box component="ol" sx={{ m: 0, mt: 1, pl: 3 }}>
                  {delivery.attempts.map((attempt) => (
                    <Typography component="li" variant="body2" key={attempt.attemptedAt}>
                      {attemptLine(intl, attempt)}
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
          <FormattedMessage id="webhooks.delivery.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
