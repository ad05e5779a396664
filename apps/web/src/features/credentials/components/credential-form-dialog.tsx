import Grid from '@mui/material/Grid';
import { useIntl } from 'react-intl';
import {
  ZCredentialBody,
  type TCredential,
  type TCredentialBody,
} from '@laurel/contract/credentials';

import { FormDialog } from '../../../components/forms/form-dialog';
import {
  optionalText,
  useFormState,
  validateWith,
  valuesOf,
} from '../../../components/forms/use-form-state';
import { FormSelect, FormTextField } from '../../../components/forms/form-fields';
import { OrganizationField } from '../../../components/forms/organization-picker';
import { lookupOptions, useLookup } from '../../../lib/lookups/lookups-api';
import { useCreateCredentialMutation, useUpdateCredentialMutation } from '../api/credentials-api';

interface Values extends Record<string, unknown> {
  organization_id: number | null;
  name: string;
  code: string;
  type_id: number | null;
  program_code: string;
  description: string;
}

const EMPTY: Values = {
  organization_id: null,
  name: '',
  code: '',
  type_id: null,
  program_code: '',
  description: '',
};

const toValues = (credential: TCredential | undefined, organizationId: number | null): Values =>
  valuesOf({ ...EMPTY, organization_id: organizationId }, credential);

const toBody = (values: Values): TCredentialBody => ({
  organization_id: values.organization_id ?? Number.NaN,
  name: values.name.trim(),
  code: values.code.trim(),
  type_id: values.type_id ?? Number.NaN,
  program_code: optionalText(values.program_code),
  description: optionalText(values.description),
});

/** Examples of codes, the same in every language. */
const EXAMPLE_CODE = 'NW-ACCT-CERT';
const EXAMPLE_PROGRAM_CODE = '52.0302';

const HALF = { xs: 12, sm: 6 } as const;

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
  const form = useFormState(
    toValues(credential, organizationId),
    validateWith(ZCredentialBody, toBody),
  );
  const typeOptions = lookupOptions(useLookup('credentialTypes').data);
  const askOrganization = !credential && organizationId === null;
  const [create] = useCreateCredentialMutation();
  const [update] = useUpdateCredentialMutation();
  const intl = useIntl();

  const save = (values: Values) => {
    const body = toBody(values);
    if (!credential) return create(body).unwrap();
    const { organization_id: _organization, ...changes } = body;
    return update({ id: credential.id, body: changes }).unwrap();
  };

  return (
    <FormDialog
      form={form}
      title={
        credential
          ? intl.formatMessage({ id: 'credentials.form.edit' }, { name: credential.name })
          : intl.formatMessage({ id: 'credentials.new' })
      }
      submitLabel={intl.formatMessage(
        { id: 'credentials.form.submit' },
        { editing: String(Boolean(credential)) },
      )}
      busyLabel={intl.formatMessage({ id: 'auth.form.saving' })}
      save={save}
      savedMessage={intl.formatMessage(
        { id: 'credentials.form.saved' },
        { editing: String(Boolean(credential)) },
      )}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Grid container columnSpacing={4} sx={{ pt: 2 }}>
        {askOrganization ? <OrganizationField name="organization_id" autoFocus grid={12} /> : null}
        <FormTextField
          name="name"
          label={intl.formatMessage({ id: 'credentials.name' })}
          required
          autoFocus={!askOrganization}
          grid={12}
        />
        <FormTextField
          name="code"
          label={intl.formatMessage({ id: 'credentials.code' })}
          required
          placeholder={EXAMPLE_CODE}
          grid={HALF}
        />
        <FormSelect
          name="type_id"
          label={intl.formatMessage({ id: 'credentials.type' })}
          required
          options={typeOptions}
          grid={HALF}
        />
        <FormTextField
          name="program_code"
          label={intl.formatMessage({ id: 'credentials.programCode' })}
          placeholder={EXAMPLE_PROGRAM_CODE}
          grid={HALF}
        />
        <FormTextField
          name="description"
          label={intl.formatMessage({ id: 'credentials.description' })}
          multiline
          minRows={3}
          grid={12}
        />
      </Grid>
    </FormDialog>
  );
}
