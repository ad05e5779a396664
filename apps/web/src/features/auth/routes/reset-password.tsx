import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/forms/text-input';

import { paths } from '../../../lib/routing/paths';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { validateNewPassword } from '../../../lib/auth/password-rules';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { OneTimeCodeField, isOneTimeCode } from '../../../components/forms/one-time-code-field';
import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { PasswordField } from '../../../components/forms/password-field';
import { useFormState } from '../../../components/forms/use-form-state';

interface ResetValues extends Record<string, unknown> {
  email: string;
  code: string;
  password: string;
  confirmation: string;
}

const validateReset = (values: ResetValues) => {
  const errors: Partial<Record<'email' | 'code' | 'password' | 'confirmation', string>> =
    validateNewPassword(values.password, values.confirmation);
  if (!values.email.trim()) errors.email = 'Enter your e-mail address.';
  if (!isOneTimeCode(values.code)) errors.code = 'Enter the 6-digit code from the e-mail.';
  return errors;
};

/** `/auth/reset-password`: the e-mailed code and a new password. */
export default function ResetPasswordRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const form = useFormState<ResetValues>(
    { email: searchParams.get('email') ?? '', code: '', password: '', confirmation: '' },
    validateReset,
  );
  const { email, code, password } = form.values;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const username = email.trim().toLowerCase();

  const submit = async () => {
    setError(null);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const client = await auth.getClient();
      await client.confirmResetPassword({
        username,
        confirmationCode: code,
        newPassword: password,
      });
      showSnackbar('Your password has been changed. Sign in with your new password.', 'success');
      navigate(paths.auth.passwordSignIn.getHref(), { replace: true });
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    if (!username) {
      form.touch('email');
      return;
    }
    try {
      const client = await auth.getClient();
      await client.resetPassword({ username });
      showSnackbar('A new code is on its way.', 'success');
    } catch (caught) {
      setError(identityErrorText(caught));
    }
  };

  return (
    <AuthForm
      title="Choose a new password"
      subtitle="Enter the code we e-mailed you and your new password."
      error={error}
      onSubmit={() => void submit()}
      footer={
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
            Back to sign in
          </Link>
          <Link component="button" type="button" onClick={() => void resend()}>
            Send a new code
          </Link>
        </Box>
      }
    >
      <TextInput
        label="E-mail address"
        type="email"
        autoComplete="username"
        {...form.textField('email')}
      />
      <OneTimeCodeField
        value={code}
        onChange={(next) => form.set('code', next)}
        error={form.errors.code}
        label="Code from the e-mail"
        autoFocus={Boolean(email)}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...form.textField('password')}
      />
      <PasswordChecklist password={password} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        {...form.textField('confirmation')}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </AuthForm>
  );
}
