import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';

import { paths } from '../../../lib/routing/paths';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { OneTimeCodeField, isOneTimeCode } from '../../../components/forms/one-time-code-field';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** `/auth/verify-mfa`: the code from the authenticator app. */
export default function VerifyMfaRoute() {
  const auth = useAuth();
  const { handleOutput } = useSignInFlow();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    if (!isOneTimeCode(code))
      return setFieldError('Enter the 6-digit code from your authenticator app.');
    setFieldError(undefined);
    setBusy(true);
    try {
      const client = await auth.getClient();
      const output = await client.confirmSignIn({ challengeResponse: code });
      await handleOutput(output, auth.loginData.email);
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      title="Two-step verification"
      subtitle="Open your authenticator app and enter the 6-digit code it shows for Laurel."
      error={error}
      onSubmit={() => void submit()}
      footer={
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
          Back to sign in
        </Link>
      }
    >
      <OneTimeCodeField value={code} onChange={setCode} error={fieldError} autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Checking…' : 'Verify'}
      </Button>
    </AuthForm>
  );
}
