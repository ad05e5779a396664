import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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

const CHOICES = {
  TOTP: {
    icon: <PhonelinkLockOutlined />,
    title: 'auth.selectMfa.totp',
    description: 'auth.selectMfa.totpDescription',
  },
  EMAIL: {
    icon: <MailOutlined />,
    title: 'auth.method.emailCode',
    description: 'auth.selectMfa.emailDescription',
  },
} as const satisfies Record<MfaType, { icon: ReactNode; title: string; description: string }>;

/** `/auth/select-mfa`: MFA selection, between the authenticator app and an e-mailed code. */
export default function SelectMfaRoute() {
  const auth = useAuth();
  const { confirmChallenge } = useSignInFlow();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.verifyMfa.title' });
  const { email, allowedMfaTypes } = auth.loginData;
  const [error, setError] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<MfaType | null>(null);

  if (!email) return <ExpiredStep title={title} what="signIn" />;
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
      title={title}
      subtitle={intl.formatMessage({ id: 'auth.selectMfa.subtitle' })}
      error={error}
      onSubmit={() => undefined}
      footer={<BackToSignIn />}
    >
      {offered.length === 0 ? (
        <Alert severity="warning">
          <FormattedMessage id="auth.selectMfa.none" />
        </Alert>
      ) : (
        <Stack
          spacing={3}
          role="list"
          aria-label={intl.formatMessage({ id: 'auth.selectMfa.ways' })}
        >
          {offered.map((type) => (
            <div role="listitem" key={type}>
              <MethodChoice
                icon={CHOICES[type].icon}
                title={intl.formatMessage({
                  id: waitingFor === type ? 'auth.form.busy' : CHOICES[type].title,
                })}
                description={intl.formatMessage({ id: CHOICES[type].description })}
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
