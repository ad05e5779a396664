import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';

import { paths } from '../../../lib/routing/paths';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { validateNewPassword } from '../../../lib/auth/password-rules';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { PasswordChecklist } from '../../../components/forms/password-checklist';
import { PasswordField } from '../../../components/forms/password-field';
import { useFormState } from '../../../components/forms/use-form-state';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** `/auth/set-password`: the identity service requires a new password (first sign-in with a temporary one). */
export default function SetPasswordRoute() {
  const auth = useAuth();
  const { handleOutput } = useSignInFlow();
  const form = useFormState({ password: '', confirmation: '' }, (values) =>
    validateNewPassword(values.password, values.confirmation),
  );
  const { password } = form.values;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const client = await auth.getClient();
      const output = await client.confirmSignIn({ challengeResponse: password });
      await handleOutput(output, auth.loginData.email);
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title="Choose a new password"
      subtitle={
        auth.loginData.email
          ? `You signed in with a temporary password as ${auth.loginData.email}. Choose your own to continue.`
          : 'Choose your own password to continue.'
      }
      error={error}
      onSubmit={() => void submit()}
      footer={
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
          Back to sign in
        </Link>
      }
    >
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={auth.loginData.email}
        readOnly
        hidden
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        {...form.textField('password')}
      />
      <PasswordChecklist password={password} />
      <PasswordField
        label="Repeat the new password"
        autoComplete="new-password"
        {...form.textField('confirmation')}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Please wait…' : 'Set password and continue'}
      </Button>
    </AuthForm>
  );
}
