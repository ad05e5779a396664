import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZChangePasswordForm } from '@laurel/contract/sign-in';

import { Form } from '../../../components/forms/form';
import { FormError } from '../../../components/forms/form-error';
import { NewPasswordFields } from '../../../components/forms/new-password-fields';
import { PasswordField } from '../../../components/forms/password-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';

const EMPTY = { oldPassword: '', newPassword: '', confirmation: '' };

const wrongPassword = (caught: unknown) =>
  (caught as { name?: string } | null)?.name === 'NotAuthorizedException';

export function ChangePasswordForm() {
  const { getClient, user } = useAuth();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const form = useFormState(EMPTY, validateWith(ZChangePasswordForm), {
    // The identity service answers a wrong current password with NotAuthorized (spec §5).
    errorText: (caught) =>
      wrongPassword(caught)
        ? intl.formatMessage({ id: 'messages.passwordUpdateError' })
        : identityErrorText(caught),
    fieldErrorsOf: (caught): Record<string, string> =>
      wrongPassword(caught)
        ? { oldPassword: intl.formatMessage({ id: 'profile.changePassword.wrong' }) }
        : {},
  });

  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    const client = await getClient();
    await client.updatePassword({ oldPassword, newPassword });
    form.reset(EMPTY);
    showSnackbar(intl.formatMessage({ id: 'profile.changePassword.changed' }), 'success');
  });

  return (
    <Form form={form} onSubmit={submit} sx={{ display: 'grid', gap: 4 }}>
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={user?.profile?.email ?? ''}
        readOnly
        hidden
      />
      <PasswordField
        label={intl.formatMessage({ id: 'profile.changePassword.current' })}
        autoComplete="current-password"
        {...form.textField('oldPassword')}
      />
      <NewPasswordFields name="newPassword" />
      <FormError error={form.error} sx={{}} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={form.busy}>
          <FormattedMessage
            id="profile.changePassword.submit"
            values={{ busy: String(form.busy) }}
          />
        </Button>
      </Box>
    </Form>
  );
}
