import { useIntl } from 'react-intl';
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

const STEPS = ['auth.setupMfa.step1', 'auth.setupMfa.step2', 'auth.setupMfa.step3'] as const;

/** `/auth/setup-mfa`: the identity service asks the user to set up an authenticator app. */
export default function SetupMfaRoute() {
  const auth = useAuth();
  const intl = useIntl();
  const { confirmChallenge } = useSignInFlow();
  const { totpSetupSecret, totpSetupUri } = auth.loginData;
  const form = useFormState({ code: '' }, validateWith(ZOneTimeCodeForm), {
    errorText: identityErrorText,
  });

  if (!totpSetupSecret)
    return <ExpiredStep title={intl.formatMessage({ id: 'auth.setupMfa.title' })} what="setup" />;

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.setupMfa.title' })}
      subtitle={intl.formatMessage({ id: 'auth.setupMfa.subtitle' })}
      form={form}
      onSubmit={form.handleSubmit(({ code }) =>
        // From now on the app asks for a code at every sign-in.
        confirmChallenge(code, {
          onDone: (client) => client.updateMFAPreference({ totp: 'PREFERRED' }),
        }),
      )}
      submitLabel={intl.formatMessage({ id: 'auth.setupMfa.submit' })}
      busyLabel={intl.formatMessage({ id: 'auth.form.checking' })}
      footer={<BackToSignIn />}
    >
      <Box component="ol" sx={{ m: 0, pl: 5, display: 'grid', gap: 1.5 }}>
        {STEPS.map((id) => (
          <Typography component="li" key={id} color="text.secondary">
            {intl.formatMessage({ id })}
          </Typography>
        ))}
      </Box>
      <TotpSetupPanel setupUri={totpSetupUri} secret={totpSetupSecret} />
      <OneTimeCodeField {...form.textField('code')} />
    </AuthForm>
  );
}
