import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TLookupList } from '@laurel/contract/lookups';
import {
  ZUpdateProfileBody,
  type TProfile,
  type TUpdateProfileBody,
} from '@laurel/contract/profile';

import { Form } from '../../../components/forms/form';
import { FormError } from '../../../components/forms/form-error';
import { FIELD_MARGIN, FormTextField } from '../../../components/forms/form-fields';
import { useFormState, validateWith, valuesOf } from '../../../components/forms/use-form-state';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useUpdateProfileMutation } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLookup } from '../../../lib/lookups/lookups-api';

interface ProfileFormValues extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  salutation: string;
  pronoun: string;
  title: string;
}

/** Lookup values are stored by code; an older value stored by name still shows as selected. */
function toCode(list: TLookupList, value: string | null): string {
  if (!value) return '';
  return list.find((item) => item.code === value || item.name === value)?.code ?? value;
}

const EMPTY: ProfileFormValues = {
  first_name: '',
  last_name: '',
  salutation: '',
  pronoun: '',
  title: '',
};

/** An empty helper line, so that the fields keep their height when a message appears. */
const KEEP_SPACE = ' ';

const profileToValues = (profile: TProfile): ProfileFormValues => valuesOf(EMPTY, profile);

function valuesToBody(values: ProfileFormValues): TUpdateProfileBody {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    salutation: values.salutation || null,
    pronoun: values.pronoun || null,
    title: values.title.trim() || null,
  };
}

/** Validates with the same schema the server uses. */
const validateProfile = validateWith(ZUpdateProfileBody, valuesToBody);

export interface ProfileFormProps {
  profile: TProfile;
  /** Only the name fields, for the "confirm your name" dialog. */
  namesOnly?: boolean;
  submitLabel?: string;
  onSaved?: (profile: TProfile) => void;
  secondaryAction?: ReactNode;
}

export function ProfileForm({
  profile,
  namesOnly = false,
  submitLabel,
  onSaved,
  secondaryAction,
}: ProfileFormProps) {
  const { updateProfile } = useAuth();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const salutations = useLookup('salutations');
  const pronouns = useLookup('pronouns');
  const [save] = useUpdateProfileMutation();
  const form = useFormState(profileToValues(profile), validateProfile);
  const { values, errors } = form;
  const unsaved = useUnsavedChanges(form.dirty);

  const submit = form.handleSubmit(async (current) => {
    const result = await save({ id: profile.id, body: valuesToBody(current) }).unwrap();
    unsaved.release();
    form.reset(profileToValues(result));
    updateProfile(result);
    showSnackbar(intl.formatMessage({ id: 'profile.form.saved' }), 'success');
    onSaved?.(result);
  });

  const lookupSelect = (
    key: 'salutation' | 'pronoun',
    label: string,
    list: TLookupList,
    loading: boolean,
  ) => {
    const value = toCode(list, values[key] || null);
    const known = list.some((item) => item.code === value);
    return (
      <TextField
        select
        margin={FIELD_MARGIN}
        label={label}
        {...form.textField(key)}
        value={value}
        helperText={
          errors[key] ??
          (loading ? intl.formatMessage({ id: 'profile.form.loadingChoices' }) : KEEP_SPACE)
        }
      >
        <MenuItem value="">
          <em>
            <FormattedMessage id="profile.form.none" />
          </em>
        </MenuItem>
        {!known && value ? <MenuItem value={value}>{value}</MenuItem> : null}
        {list.map((item) => (
          <MenuItem key={item.id} value={item.code}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  return (
    <Form form={form} onSubmit={submit}>
      <FormError error={form.error} sx={{ mb: 4 }} />
      <Box
        sx={{ display: 'grid', columnGap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {namesOnly
          ? null
          : lookupSelect(
              'salutation',
              intl.formatMessage({ id: 'profile.form.salutation' }),
              salutations.data,
              salutations.isLoading,
            )}
        {namesOnly
          ? null
          : lookupSelect(
              'pronoun',
              intl.formatMessage({ id: 'profile.form.pronouns' }),
              pronouns.data,
              pronouns.isLoading,
            )}
        <FormTextField
          name="first_name"
          label={intl.formatMessage({ id: 'profile.form.firstName' })}
          required
          autoComplete="given-name"
        />
        <FormTextField
          name="last_name"
          label={intl.formatMessage({ id: 'profile.form.lastName' })}
          required
          autoComplete="family-name"
        />
        {namesOnly ? null : (
          <FormTextField
            name="title"
            label={intl.formatMessage({ id: 'profile.form.jobTitle' })}
            autoComplete="organization-title"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
        {secondaryAction}
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy
            ? intl.formatMessage({ id: 'auth.form.saving' })
            : (submitLabel ?? intl.formatMessage({ id: 'profile.form.save' }))}
        </Button>
      </Box>
      {unsaved.prompt}
    </Form>
  );
}
