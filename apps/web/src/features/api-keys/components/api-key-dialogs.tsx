import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type TApiKey,
  type TApiKeyCreated,
  ZApiKeyCreateBody,
} from '@laurel/contract/api-keys';

import { SecretShownOnceDialog } from '../../../components/feedback/secret-shown-once-dialog';
import { CheckboxGroupField } from '../../../components/forms/checkbox-group-field';
import { FIELD_MARGIN, FormTextField } from '../../../components/forms/form-fields';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDateTime } from '../../../lib/format/format';
import { useCreateApiKeyMutation, useRotateApiKeyMutation } from '../api/api-keys-api';

interface Values extends Record<string, unknown> {
  name: string;
  scopes: ApiKeyScope[];
  /** YYYY-MM-DD, or empty for a key that does not expire. */
  expires: string;
}

/** The last moment of a chosen day, in UTC: a key "until May 31" works all of May 31. */
const endOfDay = (day: string) => (day ? `${day}T23:59:59Z` : null);
/** Each scope's name in the catalogues. */
const SCOPE_LABEL_IDS = {
  'awards:read': 'apiKeys.scope.awardsRead',
  'awards:write': 'apiKeys.scope.awardsWrite',
  'credentials:read': 'apiKeys.scope.credentialsRead',
  'credentials:write': 'apiKeys.scope.credentialsWrite',
  'insights:read': 'apiKeys.scope.insightsRead',
  'verifiable:issue': 'apiKeys.scope.verifiableIssue',
  'webhooks:manage': 'apiKeys.scope.webhooksManage',
} as const satisfies Record<ApiKeyScope, string>;

const toBody = (values: Values) => ({
  name: values.name,
  scopes: values.scopes,
  expiresAt: endOfDay(values.expires),
});

/** A new key: a name, the scopes it needs and, if it should stop, the day it stops. */
export function CreateApiKeyDialog({
  organizationId,
  onClose,
  onCreated,
}: {
  organizationId: number;
  onClose: () => void;
  onCreated: (key: TApiKeyCreated) => void;
}) {
  const form = useFormState<Values>(
    { name: '', scopes: [], expires: '' },
    validateWith(ZApiKeyCreateBody, toBody),
  );
  const [create] = useCreateApiKeyMutation();
  const intl = useIntl();
  const scopeLabels = Object.fromEntries(
    API_KEY_SCOPES.map((scope) => [scope, intl.formatMessage({ id: SCOPE_LABEL_IDS[scope] })]),
  ) as Record<ApiKeyScope, string>;
  return (
    <FormDialog
      form={form}
      title={intl.formatMessage({ id: 'apiKeys.create.title' })}
      description={intl.formatMessage({ id: 'apiKeys.create.description' })}
      submitLabel={intl.formatMessage({ id: 'apiKeys.create.submit' })}
      busyLabel={intl.formatMessage({ id: 'apiKeys.create.busy' })}
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField
        name="name"
        label={intl.formatMessage({ id: 'apiKeys.create.name' })}
        required
        autoFocus
      />
      <CheckboxGroupField
        name="scopes"
        legend={intl.formatMessage({ id: 'apiKeys.create.scopes' })}
        options={API_KEY_SCOPES}
        labels={scopeLabels}
      />
      <TextField
        type="date"
        label={intl.formatMessage({ id: 'apiKeys.create.expires' })}
        fullWidth
        margin={FIELD_MARGIN}
        slotProps={{ inputLabel: { shrink: true } }}
        {...form.textField('expires')}
        helperText={
          form.errorOf('expiresAt') ?? intl.formatMessage({ id: 'apiKeys.create.expiresHelp' })
        }
        error={Boolean(form.errorOf('expiresAt'))}
      />
    </FormDialog>
  );
}

/** A new key's secret, shown once: copy it now, it is never shown again. */
export function ApiKeySecretDialog({
  created,
  onClose,
}: {
  created: TApiKeyCreated;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <SecretShownOnceDialog
      title={intl.formatMessage({ id: 'apiKeys.created.title' }, { name: created.name })}
      noun={intl.formatMessage({ id: 'apiKeys.created.noun' })}
      label={intl.formatMessage({ id: 'apiKeys.created.label' })}
      secret={created.secret}
      onClose={onClose}
    >
      <FormattedMessage id="apiKeys.created.description" />
    </SecretShownOnceDialog>
  );
}

const HOURS = [1, 24, 24 * 7] as const;

/** Rotating: a new key now, the old one working a little longer so the system can move. */
export function RotateApiKeyDialog({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: TApiKey;
  onClose: () => void;
  onRotated: (key: TApiKeyCreated) => void;
}) {
  const [hours, setHours] = useState<number>(24);
  const [rotate, { isLoading }] = useRotateApiKeyMutation();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  // When the dialog opened: the choice is counted from then.
  const [opened] = useState(() => Date.now());
  const until = new Date(opened + hours * 3600_000);
  const submit = async () => {
    try {
      onRotated(
        await rotate({
          organizationId: apiKey.organizationId,
          id: apiKey.id,
          oldKeyExpiresAt: until.toISOString(),
        }).unwrap(),
      );
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        <FormattedMessage id="apiKeys.rotate.title" values={{ name: apiKey.name }} />
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 3 }}>
          <FormattedMessage
            id="apiKeys.rotate.description"
            values={{ start: apiKey.start, lastFour: apiKey.lastFour }}
          />
        </Typography>
        <TextField
          select
          label={intl.formatMessage({ id: 'apiKeys.rotate.worksFor' })}
          value={String(hours)}
          onChange={(event) => setHours(Number(event.target.value))}
          fullWidth
          slotProps={{ select: { native: true } }}
          helperText={intl.formatMessage(
            { id: 'apiKeys.rotate.until' },
            { when: formatDateTime(until.toISOString()) },
          )}
        >
          {HOURS.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: 'apiKeys.rotate.hours' }, { hours: value })}
            </option>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          <FormattedMessage id="apiKeys.rotate.cancel" />
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <FormattedMessage id={isLoading ? 'apiKeys.rotate.busy' : 'apiKeys.rotate.submit'} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
