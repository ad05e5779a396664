import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  ORGANIZATION_STATUSES,
  ZOrganizationBody,
  type TOrganization,
  type TOrganizationBody,
} from '@laurel/contract/organizations';

import { statusLabel } from '../../../components/display/status-chip';
import {
  issuesToFieldErrors,
  optionalText,
  useFormState,
} from '../../../components/forms/use-form-state';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { useLookup } from '../../../lib/lookups/lookups-api';
import {
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
} from '../api/organizations-api';

interface Values extends Record<string, unknown> {
  name: string;
  type_id: string;
  login_mode_id: string;
  website: string;
  city: string;
  state: string;
  status: (typeof ORGANIZATION_STATUSES)[number];
  salesforce_account_id: string;
  insights_entitled: boolean;
  mfa_required: boolean;
}

const toValues = (organization?: TOrganization): Values => ({
  name: organization?.name ?? '',
  type_id: organization ? String(organization.typeId) : '',
  login_mode_id: organization ? String(organization.loginModeId) : '',
  website: organization?.website ?? '',
  city: organization?.city ?? '',
  state: organization?.state ?? '',
  status: organization?.status ?? 'ACTIVE',
  salesforce_account_id: organization?.salesforceAccountId ?? '',
  insights_entitled: organization?.insightsEntitled ?? false,
  mfa_required: organization?.mfaRequired ?? false,
});

const toBody = (values: Values): TOrganizationBody => ({
  name: values.name.trim(),
  type_id: Number(values.type_id),
  login_mode_id: Number(values.login_mode_id),
  website: optionalText(values.website),
  city: optionalText(values.city),
  state: optionalText(values.state),
  status: values.status,
  salesforce_account_id: optionalText(values.salesforce_account_id),
  insights_entitled: values.insights_entitled,
  mfa_required: values.mfa_required,
});

const validate = (values: Values) => {
  const errors = issuesToFieldErrors(ZOrganizationBody.safeParse(toBody(values)));
  if (!values.type_id) errors.type_id = 'Choose a type';
  if (!values.login_mode_id) errors.login_mode_id = 'Choose how people sign in';
  return errors;
};

export interface OrganizationFormDialogProps {
  open: boolean;
  /** Edits this organization; creates one without it. */
  organization?: TOrganization;
  onClose: () => void;
  onSaved?: (organization: TOrganization) => void;
}

/** Create or edit an organization (platform admins). */
export function OrganizationFormDialog(props: OrganizationFormDialogProps) {
  return props.open ? <OrganizationForm {...props} /> : null;
}

function OrganizationForm({ organization, onClose, onSaved }: OrganizationFormDialogProps) {
  const form = useFormState(toValues(organization), validate);
  const { values, errors, set } = form;
  const types = useLookup('organizationTypes');
  const loginModes = useLookup('loginModes');
  const [create, creating] = useCreateOrganizationMutation();
  const [update, updating] = useUpdateOrganizationMutation();
  const busy = creating.isLoading || updating.isLoading;
  const { showSnackbar } = useSnackbar();
  const unsaved = useUnsavedChanges(form.dirty);
  const close = unsaved.guard(onClose);

  const save = async () => {
    if (!form.submit()) return;
    try {
      const saved = organization
        ? await update({ id: organization.id, body: toBody(values) }).unwrap()
        : await create(toBody(values)).unwrap();
      unsaved.release();
      showSnackbar(organization ? 'Organization saved.' : 'Organization created.', 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showSnackbar(getErrorText(error), 'error');
    }
  };

  const text = (name: keyof Values & string, label: string, extra: object = {}) => (
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
    <Dialog
      open
      onClose={busy ? undefined : close}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true } as object }}
    >
      <DialogTitle>{organization ? `Edit ${organization.name}` : 'New organization'}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={4} sx={{ pt: 2 }}>
          <Grid size={12}>{text('name', 'Name', { required: true, autoFocus: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('type_id', 'Type', {
              select: true,
              required: true,
              children: types.data.map((item) => (
                <MenuItem key={item.id} value={String(item.id)}>
                  {item.name}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('login_mode_id', 'Sign-in', {
              select: true,
              required: true,
              children: loginModes.data.map((item) => (
                <MenuItem key={item.id} value={String(item.id)}>
                  {item.name}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={12}>
            {text('website', 'Website', { placeholder: 'https://example.edu' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 7 }}>{text('city', 'City')}</Grid>
          <Grid size={{ xs: 12, sm: 5 }}>{text('state', 'State')}</Grid>
          <Grid size={{ xs: 12, sm: 7 }}>
            {text('salesforce_account_id', 'Salesforce account id')}
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            {text('status', 'Status', {
              select: true,
              children: ORGANIZATION_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {statusLabel(status)}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={values.insights_entitled}
                  onChange={(event) => set('insights_entitled', event.target.checked)}
                />
              }
              label="Insights included"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={values.mfa_required}
                  onChange={(event) => set('mfa_required', event.target.checked)}
                />
              }
              label="Require an authenticator app"
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          onClick={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {organization ? 'Save' : 'Create organization'}
        </Button>
      </DialogActions>
      {unsaved.prompt}
    </Dialog>
  );
}
