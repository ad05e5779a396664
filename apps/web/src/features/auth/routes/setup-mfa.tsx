import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ZOneTimeCodeForm } from '@laurel/contract/sign-in';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, ExpiredStep } from '../components/auth-form';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { TotpSetupPanel } from '../../../components/forms/totp-setup-panel';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { useSignInFlow } from '../lib/use-sign-in-flow';

const STEPS = [
  'Install an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.',
  'Scan the QR code with the app, or type in the key.',
  'Enter the 6-digit code the app shows.',
];

/** `/auth/setup-mfa`: the identity service asks the user to set up an authenticator app. */
export default function SetupMfaRoute() {
  const auth = useAuth();
  const { confirmChallenge } = useSignInFlow();
  const { totpSetupSecret, totpSetupUri } = auth.loginData;
  const form = useFormState({ code: '' }, validateWith(ZOneTimeCodeForm), {
    errorText: identityErrorText,
  });

  if (!totpSetupSecret)
    return <ExpiredStep title="Set up two-step verification" what="setup step" />;

  return (
    <AuthForm
      title="Set up two-step verification"
      subtitle="Your organization asks for a code from an authenticator app at each sign-in."
      form={form}
      onSubmit={form.handleSubmit(({ code }) =>
        // From now on the app asks for a code at every sign-in.
        confirmChallenge(code, {
          onDone: (client) => client.updateMFAPreference({ totp: 'PREFERRED' }),
        }),
      )}
      submitLabel="Verify and continue"
      busyLabel="Checking…"
      footer={<BackToSignIn />}
    >
      <Box component="ol" sx={{ m: 0, pl: 5, display: 'grid', gap: 1.5 }}>
        {STEPS.map((text) => (
          <Typography component="li" key={text} color="text.secondary">
            {text}
          </Typography>
        ))}
      </Box>
      <TotpSetupPanel setupUri={totpSetupUri} secret={totpSetupSecret} />
      <OneTimeCodeField {...form.textField('code')} />
    </AuthForm>
  );
}
