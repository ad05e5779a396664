import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import { paths } from '../../../lib/routing/paths';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { OneTimeCodeField, isOneTimeCode } from '../../../components/forms/one-time-code-field';
import { TotpSetupPanel } from '../../../components/forms/totp-setup-panel';
import { useSignInFlow } from '../lib/use-sign-in-flow';

const STEPS = [
  'Install an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.',
  'Scan the QR code with the app, or type in the key.',
  'Enter the 6-digit code the app shows.',
];

/** `/auth/setup-mfa`: the identity service asks the user to set up an authenticator app. */
export default function SetupMfaRoute() {
  const auth = useAuth();
  const { handleOutput } = useSignInFlow();
  const { totpSetupSecret, totpSetupUri, email } = auth.loginData;
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
      if (output.nextStep.signInStep === 'DONE') {
        // From now on the app asks for a code at every sign-in.
        await client.updateMFAPreference({ totp: 'PREFERRED' });
      }
      await handleOutput(output, email);
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  if (!totpSetupSecret) {
    return (
      <AuthForm title="Set up two-step verification" onSubmit={() => undefined}>
        <Alert severity="warning">
          This setup step has expired or was opened directly. Please{' '}
          <Link
            component={RouterLink}
            to={paths.auth.passwordSignIn.getHref()}
            underline="always"
            color="inherit"
            sx={{ fontWeight: 700 }}
          >
            sign in again
          </Link>{' '}
          to start it.
        </Alert>
      </AuthForm>
    );
  }

  return (
    <AuthForm
      title="Set up two-step verification"
      subtitle="Your organization asks for a code from an authenticator app at each sign-in."
      error={error}
      onSubmit={() => void submit()}
      footer={
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
          Back to sign in
        </Link>
      }
    >
      <Box component="ol" sx={{ m: 0, pl: 5, display: 'grid', gap: 1.5 }}>
        {STEPS.map((text) => (
          <Typography component="li" key={text} color="text.secondary">
            {text}
          </Typography>
        ))}
      </Box>
      <TotpSetupPanel setupUri={totpSetupUri} secret={totpSetupSecret} />
      <OneTimeCodeField value={code} onChange={setCode} error={fieldError} />
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Checking…' : 'Verify and continue'}
      </Button>
    </AuthForm>
  );
}
