import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ORGANIZATION_STATUSES,
  ZOrganizationBody,
  type TOrganization,
  type TOrganizationBody,
} from '@laurel/contract/organizations';

import { statusLabel } from '../../../components/display/status-chip';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormSelect, FormSwitch, FormTextField } from '../../../components/forms/form-fields';
import {
  optionalText,
  useFormState,
  validateWith,
  valuesOf,
} from '../../../components/forms/use-form-state';
import { lookupOptions, useLookup } from '../../../lib/lookups/lookups-api';
import {
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
} from '../api/organizations-api';

interface Values extends Record<string, unknown> {
  name: string;
  type_id: number | null;
  login_mode_id: number | null;
  website: string;
  city: string;
  state: string;
  status: (typeof ORGANIZATION_STATUSES)[number];
  salesforce_account_id: string;
  insights_entitled: boolean;
  mfa_required: boolean;
  passkeys_allowed: boolean;
  email_codes_allowed: boolean;
}

const EMPTY: Values = {
  name: '',
  type_id: null,
  login_mode_id: null,
  website: '',
  city: '',
  state: '',
  status: 'ACTIVE',
  salesforce_account_id: '',
  insights_entitled: false,
  mfa_required: false,
  passkeys_allowed: true,
  email_codes_allowed: true,
};

const toValues = (organization?: TOrganization): Values => valuesOf(EMPTY, organization);

const toBody = (values: Values): TOrganizationBody => ({
  name: values.name.trim(),
  type_id: values.type_id ?? Number.NaN,
  login_mode_id: values.login_mode_id ?? Number.NaN,
  website: optionalText(values.website),
  city: optionalText(values.city),
  state: optionalText(values.state),
  status: values.status,
  salesforce_account_id: optionalText(values.salesforce_account_id),
  insights_entitled: values.insights_entitled,
  mfa_required: values.mfa_required,
  passkeys_allowed: values.passkeys_allowed,
  email_codes_allowed: values.email_codes_allowed,
});

/** An address, the same in every language. */
const EXAMPLE_WEBSITE = 'https://example.edu';

const HALF = { xs: 12, sm: 6 } as const;
const WIDE = { xs: 12, sm: 7 } as const;
const NARROW = { xs: 12, sm: 5 } as const;

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
  const form = useFormState(toValues(organization), validateWith(ZOrganizationBody, toBody));
  const typeOptions = lookupOptions(useLookup('organizationTypes').data);
  const modeOptions = lookupOptions(useLookup('loginModes').data);
  const [create] = useCreateOrganizationMutation();
  const [update] = useUpdateOrganizationMutation();
  const intl = useIntl();
  const statusOptions = ORGANIZATION_STATUSES.map((status) => ({
    value: status,
    label: statusLabel(status),
  }));

  return (
    <FormDialog
      form={form}
      title={
        organization
          ? intl.formatMessage({ id: 'organizations.form.edit' }, { name: organization.name })
          : intl.formatMessage({ id: 'organizations.new' })
      }
      submitLabel={intl.formatMessage(
        { id: 'organizations.form.submit' },
        { editing: String(Boolean(organization)) },
      )}
      busyLabel={intl.formatMessage({ id: 'auth.form.saving' })}
      save={(values) =>
        organization
          ? update({ id: organization.id, body: toBody(values) }).unwrap()
          : create(toBody(values)).unwrap()
      }
      savedMessage={intl.formatMessage(
        { id: 'organizations.form.saved' },
        { editing: String(Boolean(organization)) },
      )}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Grid container columnSpacing={4} sx={{ pt: 2 }}>
        <FormTextField
          name="name"
          label={intl.formatMessage({ id: 'organizations.name' })}
          required
          autoFocus
          grid={12}
        />
        <FormSelect
          name="type_id"
          label={intl.formatMessage({ id: 'organizations.type' })}
          required
          options={typeOptions}
          grid={HALF}
        />
        <FormSelect
          name="login_mode_id"
          label={intl.formatMessage({ id: 'organizations.signIn' })}
          required
          options={modeOptions}
          grid={HALF}
        />
        <FormTextField
          name="website"
          label={intl.formatMessage({ id: 'organizations.website' })}
          placeholder={EXAMPLE_WEBSITE}
          grid={12}
        />
        <FormTextField
          name="city"
          label={intl.formatMessage({ id: 'organizations.form.city' })}
          grid={WIDE}
        />
        <FormTextField
          name="state"
          label={intl.formatMessage({ id: 'organizations.form.state' })}
          grid={NARROW}
        />
        <FormTextField
          name="salesforce_account_id"
          label={intl.formatMessage({ id: 'organizations.form.salesforce' })}
          grid={WIDE}
        />
        <FormSelect
          name="status"
          label={intl.formatMessage({ id: 'organizations.status' })}
          options={statusOptions}
          grid={NARROW}
        />
        <FormSwitch
          name="insights_entitled"
          label={intl.formatMessage({ id: 'organizations.form.insights' })}
          grid={HALF}
        />
        <FormSwitch
          name="mfa_required"
          label={intl.formatMessage({ id: 'organizations.form.mfa' })}
          grid={HALF}
        />
        <FormSwitch
          name="passkeys_allowed"
          label={intl.formatMessage({ id: 'organizations.form.passkeys' })}
          grid={HALF}
        />
        <FormSwitch
          name="email_codes_allowed"
          label={intl.formatMessage({ id: 'organizations.form.emailCodes' })}
          grid={HALF}
        />
        {form.values.mfa_required && form.values.email_codes_allowed ? (
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="organizations.form.mfaNote" />
            </Typography>
          </Grid>
        ) : null}
      </Grid>
    </FormDialog>
  );
}
