import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES } from '@laurel/contract/messages';

import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { PasswordField } from '../../../components/forms/password-field';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { passwordError } from '../../../lib/auth/password-rules';
import { useAuth } from '../../../lib/auth/use-auth';

type Field = 'oldPassword' | 'newPassword' | 'confirmation';

/** Checks a password change before it is sent (spec §5). */
export function validatePasswordChange(
  oldPassword: string,
  newPassword: string,
  confirmation: string,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!oldPassword) errors.oldPassword = 'Enter your current password.';
  const problem = passwordError(newPassword);
  if (problem) errors.newPassword = problem;
  else if (oldPassword && newPassword === oldPassword)
    errors.newPassword = MESSAGES.passwordUpdateError;
  if (confirmation !== newPassword) errors.confirmation = 'The passwords do not match.';
  return errors;
}

export function ChangePasswordForm() {
  const { getClient, user } = useAuth();
  const { showSnackbar } = useSnackbar();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems = validatePasswordChange(oldPassword, newPassword, confirmation);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const client = await getClient();
      await client.updatePassword({ oldPassword, newPassword });
      setOldPassword('');
      setNewPassword('');
      setConfirmation('');
      showSnackbar('Your password has been changed.', 'success');
    } catch (caught) {
      const name = (caught as { name?: string } | null)?.name;
      if (name === 'NotAuthorizedException')
        setErrors({ oldPassword: 'Your current password is not correct.' });
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
        value={oldPassword}
        onChange={(event) => setOldPassword(event.target.value)}
        error={Boolean(errors.oldPassword)}
        helperText={errors.oldPassword}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword}
      />
      <PasswordChecklist password={newPassword} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  );
}
