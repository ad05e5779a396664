import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, ExpiredStep } from '../components/auth-form';
import { MethodChoice } from '../components/method-choice';
import { useSignInFlow } from '../lib/use-sign-in-flow';

/** The second factors Laurel offers (spec §5: the choice is TOTP, SMS or EMAIL; SMS is not used). */
type MfaType = 'TOTP' | 'EMAIL';

const CHOICES: Record<MfaType, { icon: ReactNode; title: string; description: string }> = {
  TOTP: {
    icon: <PhonelinkLockOutlined />,
    title: 'Authenticator app',
    description: 'Enter the 6-digit code your authenticator app shows for Laurel.',
  },
  EMAIL: {
    icon: <MailOutlined />,
    title: 'Code by e-mail',
    description: 'We e-mail you an 8-digit code.',
  },
};

const TITLE = 'Two-step verification';

/** `/auth/select-mfa`: MFA selection, between the authenticator app and an e-mailed code. */
export default function SelectMfaRoute() {
  const auth = useAuth();
  const { confirmChallenge } = useSignInFlow();
  const { email, allowedMfaTypes } = auth.loginData;
  const [error, setError] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<MfaType | null>(null);

  if (!email) return <ExpiredStep title={TITLE} what="sign-in" />;
  const offered = (['TOTP', 'EMAIL'] as const).filter((type) => allowedMfaTypes.includes(type));

  const choose = async (type: MfaType) => {
    setError(null);
    setWaitingFor(type);
    try {
      const outcome = await confirmChallenge(type, { emailCodeUse: 'second-factor' });
      if (outcome.kind === 'message') setError(outcome.message);
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setWaitingFor(null);
    }
  };

  return (
    <AuthForm
      title={TITLE}
      subtitle="Choose how to confirm it is you."
      error={error}
      onSubmit={() => undefined}
      footer={<BackToSignIn />}
    >
      {offered.length === 0 ? (
        <Alert severity="warning">
          No second step is available for this account. Please contact your administrator.
        </Alert>
      ) : (
        <Stack spacing={3} role="list" aria-label="Ways to confirm it is you">
          {offered.map((type) => (
            <div role="listitem" key={type}>
              <MethodChoice
                {...CHOICES[type]}
                {...(waitingFor === type ? { title: 'Please wait…' } : {})}
                disabled={waitingFor !== null}
                onClick={() => void choose(type)}
              />
            </div>
          ))}
        </Stack>
      )}
    </AuthForm>
  );
}
