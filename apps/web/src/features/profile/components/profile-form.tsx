import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TLookupList } from '@laurel/contract/lookups';
import {
  PROFILE_FIELD_KEYS,
  ZUpdateProfileBody,
  type TProfile,
  type TUpdateProfileBody,
} from '@laurel/contract/profile';

import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useUpdateProfileMutation } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { getErrorText } from '../../../lib/errors/error-text';
import { mapFieldErrors } from '../../../lib/errors/field-errors';
import { useLookup } from '../../../lib/lookups/lookups-api';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  salutation: string;
  pronoun: string;
  title: string;
}

type FieldErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** Lookup values are stored by code; an older value stored by name still shows as selected. */
function toCode(list: TLookupList, value: string | null): string {
  if (!value) return '';
  return list.find((item) => item.code === value || item.name === value)?.code ?? value;
}

export function profileToValues(profile: TProfile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    salutation: profile.salutation ?? '',
    pronoun: profile.pronoun ?? '',
    title: profile.title ?? '',
  };
}

export function valuesToBody(values: ProfileFormValues): TUpdateProfileBody {
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    salutation: values.salutation || null,
    pronoun: values.pronoun || null,
    title: values.title.trim() || null,
  };
}

/** Validates with the same schema the server uses, and maps messages onto the form's fields. */
export function validateProfile(values: ProfileFormValues): FieldErrors {
  const result = ZUpdateProfileBody.safeParse(valuesToBody(values));
  if (result.success) return {};
  const byDbKey: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    byDbKey[key] ??= issue.message;
  }
  return mapFieldErrors({ fieldErrors: byDbKey }, PROFILE_FIELD_KEYS) as FieldErrors;
}

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
  submitLabel = 'Save changes',
  onSaved,
  secondaryAction,
}: ProfileFormProps) {
  const { updateProfile } = useAuth();
  const { showSnackbar } = useSnackbar();
  const salutations = useLookup('salutations');
  const pronouns = useLookup('pronouns');
  const [save, { isLoading }] = useUpdateProfileMutation();
  const [values, setValues] = useState<ProfileFormValues>(() => profileToValues(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const saved = profileToValues(profile);
  const unsaved = useUnsavedChanges(
    (Object.keys(values) as Array<keyof ProfileFormValues>).some(
      (key) => values[key] !== saved[key],
    ),
  );

  const set = (key: keyof ProfileFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems = validateProfile(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await save({ id: profile.id, body: valuesToBody(values) }).unwrap();
      unsaved.release();
      updateProfile(result);
      showSnackbar('Your profile has been saved.', 'success');
      onSaved?.(result);
    } catch (caught) {
      const fieldErrors = mapFieldErrors(caught, PROFILE_FIELD_KEYS) as FieldErrors;
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setError(getErrorText(caught));
      showSnackbar(getErrorText(caught), 'error');
    }
  };

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
        label={label}
        value={value}
        onChange={set(key)}
        error={Boolean(errors[key])}
        helperText={errors[key] ?? (loading ? 'Loading choices…' : ' ')}
      >
        <MenuItem value="">
          <em>None</em>
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
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      {error ? (
        <Box role="alert" sx={{ color: 'error.main', mb: 4 }}>
          {error}
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {namesOnly
          ? null
          : lookupSelect('salutation', 'Salutation', salutations.data, salutations.isLoading)}
        {namesOnly ? null : lookupSelect('pronoun', 'Pronouns', pronouns.data, pronouns.isLoading)}
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={Boolean(errors.firstName)}
          helperText={errors.firstName ?? ' '}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={Boolean(errors.lastName)}
          helperText={errors.lastName ?? ' '}
        />
        {namesOnly ? null : (
          <TextField
            label="Job title"
            autoComplete="organization-title"
            value={values.title}
            onChange={set('title')}
            error={Boolean(errors.title)}
            helperText={errors.title ?? ' '}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 2 }}>
        {secondaryAction}
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving…' : submitLabel}
        </Button>
      </Box>
      {unsaved.prompt}
    </Box>
  );
}
