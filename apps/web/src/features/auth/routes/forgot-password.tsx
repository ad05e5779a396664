import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/forms/text-input';

import { paths } from '../../../lib/routing/paths';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';

/** `/auth/forgot-password`: sends a reset code by e-mail. */
export default function ForgotPasswordRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const username = email.trim().toLowerCase();
    if (!username) return setFieldError('Enter your e-mail address.');
    setFieldError(undefined);
    setBusy(true);
    try {
      const client = await auth.getClient();
      await client.resetPassword({ username });
      showSnackbar(`If an account exists for ${username}, a reset code is on its way.`, 'success');
      navigate(paths.auth.resetPassword.getHref(username));
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title="Reset your password"
      subtitle="Enter the e-mail address you sign in with and we will send you a code."
      error={error}
      onSubmit={() => void submit()}
      footer={
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
          Back to sign in
        </Link>
      }
    >
      <TextInput
        label="E-mail address"
        type="email"
        autoComplete="username"
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Sending…' : 'Send reset code'}
      </Button>
    </AuthForm>
  );
}
