import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES } from '@laurel/contract/messages';

import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { PasswordField } from '../../../components/forms/password-field';
import { useFormState } from '../../../components/forms/use-form-state';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { validatePasswordChange } from '../../../lib/auth/password-rules';
import { useAuth } from '../../../lib/auth/use-auth';

const EMPTY = { oldPassword: '', newPassword: '', confirmation: '' };

export function ChangePasswordForm() {
  const { getClient, user } = useAuth();
  const { showSnackbar } = useSnackbar();
  const form = useFormState(EMPTY, (values) =>
    validatePasswordChange(values.oldPassword, values.newPassword, values.confirmation),
  );
  const { oldPassword, newPassword } = form.values;
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!form.submit()) return;
    setBusy(true);
    try {
      const client = await getClient();
      await client.updatePassword({ oldPassword, newPassword });
      form.reset(EMPTY);
      showSnackbar('Your password has been changed.', 'success');
    } catch (caught) {
      const name = (caught as { name?: string } | null)?.name;
      if (name === 'NotAuthorizedException')
        form.setFieldErrors({ oldPassword: 'Your current password is not correct.' });
      showSnackbar(
        name === 'NotAuthorizedException'
          ? MESSAGES.passwordUpdateError
          : identityErrorText(caught),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 4 }}
    >
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={user?.profile?.email ?? ''}
        readOnly
        hidden
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        {...form.textField('oldPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...form.textField('newPassword')}
      />
      <PasswordChecklist password={newPassword} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        {...form.textField('confirmation')}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  );
}
