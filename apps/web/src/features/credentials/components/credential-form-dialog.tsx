import Grid from '@mui/material/Grid';
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

  const save = (values: Values) => {
    const body = toBody(values);
    if (!credential) return create(body).unwrap();
    const { organization_id: _organization, ...changes } = body;
    return update({ id: credential.id, body: changes }).unwrap();
  };

  return (
    <FormDialog
      form={form}
      title={credential ? `Edit ${credential.name}` : 'New credential'}
      submitLabel={credential ? 'Save' : 'Create credential'}
      busyLabel="Saving…"
      save={save}
      savedMessage={credential ? 'Credential saved.' : 'Credential created.'}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Grid container columnSpacing={4} sx={{ pt: 2 }}>
        {askOrganization ? <OrganizationField name="organization_id" autoFocus grid={12} /> : null}
        <FormTextField name="name" label="Name" required autoFocus={!askOrganization} grid={12} />
        <FormTextField name="code" label="Code" required placeholder="NW-ACCT-CERT" grid={HALF} />
        <FormSelect name="type_id" label="Type" required options={typeOptions} grid={HALF} />
        <FormTextField
          name="program_code"
          label="Program code (CIP)"
          placeholder="52.0302"
          grid={HALF}
        />
        <FormTextField name="description" label="Description" multiline minRows={3} grid={12} />
      </Grid>
    </FormDialog>
  );
}
