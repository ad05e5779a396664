import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/forms/text-input';

import { paths } from '../../../lib/routing/paths';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { passwordError } from '../../../lib/auth/password-rules';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { OneTimeCodeField, isOneTimeCode } from '../../../components/forms/one-time-code-field';
import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { PasswordField } from '../../../components/forms/password-field';

type Field = 'email' | 'code' | 'password' | 'confirmation';

/** `/auth/reset-password`: the e-mailed code and a new password. */
export default function ResetPasswordRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const username = email.trim().toLowerCase();

  const submit = async () => {
    setError(null);
    const next: Partial<Record<Field, string>> = {};
    if (!username) next.email = 'Enter your e-mail address.';
    if (!isOneTimeCode(code)) next.code = 'Enter the 6-digit code from the e-mail.';
    const problem = passwordError(password);
    if (problem) next.password = problem;
    if (confirmation !== password) next.confirmation = 'The passwords do not match.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
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
    if (!username) return setErrors({ email: 'Enter your e-mail address.' });
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
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <OneTimeCodeField
        value={code}
        onChange={setCode}
        error={errors.code}
        label="Code from the e-mail"
        autoFocus={Boolean(email)}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <PasswordChecklist password={password} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </AuthForm>
  );
}
