import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ZCredentialBody,
  type TCredential,
  type TCredentialBody,
} from '@laurel/contract/credentials';

import {
  issuesToFieldErrors,
  optionalText,
  useFormState,
} from '../../../components/forms/use-form-state';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../../../components/forms/organization-picker';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { useLookup } from '../../../lib/lookups/lookups-api';
import { useCreateCredentialMutation, useUpdateCredentialMutation } from '../api/credentials-api';

interface Values extends Record<string, unknown> {
  organization_id: string;
  name: string;
  code: string;
  type_id: string;
  program_code: string;
  description: string;
}

const toValues = (credential: TCredential | undefined, organizationId: number | null): Values => ({
  organization_id: String(credential?.organizationId ?? organizationId ?? ''),
  name: credential?.name ?? '',
  code: credential?.code ?? '',
  type_id: credential ? String(credential.typeId) : '',
  program_code: credential?.programCode ?? '',
  description: credential?.description ?? '',
});

const toBody = (values: Values): TCredentialBody => ({
  organization_id: Number(values.organization_id),
  name: values.name.trim(),
  code: values.code.trim(),
  type_id: Number(values.type_id),
  program_code: optionalText(values.program_code),
  description: optionalText(values.description),
});

const validate = (values: Values) => {
  const errors = issuesToFieldErrors(ZCredentialBody.safeParse(toBody(values)));
  if (!values.organization_id) errors.organization_id = 'Choose an organization';
  if (!values.type_id) errors.type_id = 'Choose a type';
  return errors;
};

export interface CredentialFormDialogProps {
  open: boolean;
  credential?: TCredential;
  /** The organization a new credential belongs to; without it the form asks (platform admins). */
  organizationId: number | null;
  onClose: () => void;
  onSaved?: (credential: TCredential) => void;
}

/** Create or edit a credential (organization admins of its organization, platform admins). */
export function CredentialFormDialog(props: CredentialFormDialogProps) {
  return props.open ? <CredentialForm {...props} /> : null;
}

function CredentialForm({
  credential,
  organizationId,
  onClose,
  onSaved,
}: CredentialFormDialogProps) {
  const form = useFormState(toValues(credential, organizationId), validate);
  const { values, errors, set } = form;
  const types = useLookup('credentialTypes');
  const askOrganization = !credential && organizationId === null;
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const [create, creating] = useCreateCredentialMutation();
  const [update, updating] = useUpdateCredentialMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { showSnackbar } = useSnackbar();
  const unsaved = useUnsavedChanges(form.dirty);
  const close = unsaved.guard(onClose);

  const save = async () => {
    if (!form.submit()) return;
    try {
      const body = toBody(values);
      const saved = credential
        ? await update({
            id: credential.id,
            body: {
              name: body.name,
              code: body.code,
              type_id: body.type_id,
              program_code: body.program_code ?? null,
              description: body.description ?? null,
            },
          }).unwrap()
        : await create(body).unwrap();
      unsaved.release();
      showSnackbar(credential ? 'Credential saved.' : 'Credential created.', 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };

  const field = (name: keyof Values & string, label: string, extra: object = {}) => (
    <TextField
      fullWidth
      label={label}
      value={values[name] as string}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="sm" fullWidth>
      <DialogTitle>{credential ? `Edit ${credential.name}` : 'New credential'}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={4} sx={{ pt: 2 }}>
          {askOrganization ? (
            <Grid size={12}>
              <OrganizationPicker
                required
                autoFocus
                value={organization}
                onChange={(next) => {
                  setOrganization(next);
                  set('organization_id', next ? String(next.id) : '');
                }}
                error={errors.organization_id}
              />
            </Grid>
          ) : null}
          <Grid size={12}>
            {field('name', 'Name', { required: true, autoFocus: !askOrganization })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('code', 'Code', { required: true, placeholder: 'NW-ACCT-CERT' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('type_id', 'Type', {
              select: true,
              required: true,
              children: types.data.map((type) => (
                <MenuItem key={type.id} value={String(type.id)}>
                  {type.name}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('program_code', 'Program code (CIP)', { placeholder: '52.0302' })}
          </Grid>
          <Grid size={12}>
            {field('description', 'Description', { multiline: true, minRows: 3 })}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {credential ? 'Save' : 'Create credential'}
        </Button>
      </DialogActions>
      {unsaved.prompt}
    </Dialog>
  );
}
