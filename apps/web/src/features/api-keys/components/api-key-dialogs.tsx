import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_KEY_SCOPE_LABELS,
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
  return (
    <FormDialog
      form={form}
      title="New API key"
      description="For a system that sends awards or reads results without a person: give it only the scopes it needs."
      submitLabel="Create key"
      busyLabel="Creating…"
      save={(values) => create({ organizationId, body: toBody(values) }).unwrap()}
      onSaved={onCreated}
      onClose={onClose}
    >
      <FormTextField name="name" label="Name" required autoFocus />
      <CheckboxGroupField
        name="scopes"
        legend="Scopes"
        options={API_KEY_SCOPES}
        labels={API_KEY_SCOPE_LABELS}
      />
      <TextField
        type="date"
        label="Expires (optional)"
        fullWidth
        margin={FIELD_MARGIN}
        slotProps={{ inputLabel: { shrink: true } }}
        {...form.textField('expires')}
        helperText={form.errorOf('expiresAt') ?? 'Leave empty for a key that works until revoked.'}
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
  return (
    <SecretShownOnceDialog
      title={`Copy the key “${created.name}” now`}
      noun="key"
      label="API key"
      secret={created.secret}
      onClose={onClose}
    >
      This is the only time the key is shown. Store it where the system that uses it keeps its
      secrets; Laurel keeps only a fingerprint of it.
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
      <DialogTitle>Rotate “{apiKey.name}”?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 3 }}>
          A new key with the same scopes is made now. The current key ({apiKey.start}…
          {apiKey.lastFour}) keeps working until the time you choose, so that the system using it
          can move to the new one.
        </Typography>
        <TextField
          select
          label="The current key works for"
          value={String(hours)}
          onChange={(event) => setHours(Number(event.target.value))}
          fullWidth
          slotProps={{ select: { native: true } }}
          helperText={`Until ${formatDateTime(until.toISOString())}`}
        >
          {HOURS.map((value) => (
            <option key={value} value={value}>
              {value === 1 ? '1 hour' : value === 24 ? '1 day' : '7 days'}
            </option>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {isLoading ? 'Rotating…' : 'Rotate key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
