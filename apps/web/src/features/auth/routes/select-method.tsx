import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PasswordOutlined from '@mui/icons-material/PasswordOutlined';
import { ZPassword } from '@laurel/contract/sign-in';
import { z } from 'zod';

import { PasswordField } from '../../../components/forms/password-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, BackToSignIn, ExpiredStep } from '../components/auth-form';
import { MethodChoice } from '../components/method-choice';
import { forgetPasswordSignIn, rememberPasswordSignIn } from '../../../lib/auth/passkey-offer';
import type { SignInOutcome } from '../lib/sign-in-steps';
import { useSignInFlow } from '../lib/use-sign-in-flow';

const ZPasswordForm = z.object({ password: ZPassword });

/** The first factors Laurel offers, in the order they are shown. */
type Method = 'WEB_AUTHN' | 'EMAIL_OTP' | 'PASSWORD_SRP' | 'PASSWORD';

/**
 * The ways to sign in the identity service offers, in Laurel's order: passkey, e-mailed code,
 * password (the protected password exchange when the service offers both).
 */
function offeredMethods(availableChallenges: readonly string[]): Method[] {
  const methods: Method[] = [];
  if (availableChallenges.includes('WEB_AUTHN')) methods.push('WEB_AUTHN');
  if (availableChallenges.includes('EMAIL_OTP')) methods.push('EMAIL_OTP');
  if (availableChallenges.includes('PASSWORD_SRP')) methods.push('PASSWORD_SRP');
  else if (availableChallenges.includes('PASSWORD')) methods.push('PASSWORD');
  return methods;
}

const TITLE = 'Choose how to sign in';

/**
 * `/auth/select-method`: first-factor selection. Choosing the password asks for it on the same
 * screen (`?with=password`); a passkey is asked of the browser at once; an e-mailed code goes to
 * the code step.
 */
export default function SelectMethodRoute() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const { confirmChallenge } = useSignInFlow();
  const { email, availableChallenges } = auth.loginData;
  const withPassword = searchParams.get('with') === 'password';
  const [error, setError] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<Method | null>(null);
  const form = useFormState({ password: '' }, validateWith(ZPasswordForm), {
    errorText: identityErrorText,
  });

  if (!email) return <ExpiredStep title={TITLE} what="sign-in" />;

  if (withPassword) {
    return (
      <AuthForm
        title="Enter your password"
        subtitle={`Signing in as ${email}.`}
        form={form}
        onSubmit={form.handleSubmit(async ({ password }) => {
          rememberPasswordSignIn();
          const outcome = await confirmChallenge(password);
          if (outcome.kind === 'message') throw new Error(outcome.message);
        })}
        submitLabel="Sign in"
        footer={<BackToSignIn />}
      >
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus
          {...form.textField('password')}
        />
      </AuthForm>
    );
  }

  const methods = offeredMethods(availableChallenges);

  const choose = async (method: Method) => {
    setError(null);
    setWaitingFor(method);
    try {
      if (method === 'PASSWORD' || method === 'PASSWORD_SRP') rememberPasswordSignIn();
      else forgetPasswordSignIn();
      const outcome: SignInOutcome = await confirmChallenge(method, {
        emailCodeUse: 'first-factor',
      });
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
      subtitle={`Signing in as ${email}.`}
      error={error}
      onSubmit={() => undefined}
      footer={<BackToSignIn />}
    >
      {methods.length === 0 ? (
        <NoMethodNote />
      ) : (
        <Stack spacing={3} role="list" aria-label="Ways to sign in">
          {methods.map((method) => (
            <div role="listitem" key={method}>
              <MethodChoice
                {...METHOD_TEXT[method](email)}
                {...(waitingFor === method ? { title: WAITING_TEXT[method] } : {})}
                disabled={waitingFor !== null}
                onClick={() => void choose(method)}
              />
            </div>
          ))}
        </Stack>
      )}
    </AuthForm>
  );
}

function NoMethodNote() {
  return (
    <Alert severity="warning">
      No way of signing in is available for this account. Please contact your administrator.
    </Alert>
  );
}

const PASSWORD_TEXT = () => ({
  icon: <PasswordOutlined />,
  title: 'Password',
  description: 'Enter the password of your Laurel account.',
});

const METHOD_TEXT: Record<
  Method,
  (email: string) => { icon: ReactNode; title: string; description: string }
> = {
  WEB_AUTHN: () => ({
    icon: <KeyOutlined />,
    title: 'Passkey',
    description: 'Use the passkey saved on this device, your phone or your password manager.',
  }),
  EMAIL_OTP: (email) => ({
    icon: <MailOutlined />,
    title: 'Code by e-mail',
    description: `We e-mail an 8-digit code to ${email}.`,
  }),
  PASSWORD_SRP: PASSWORD_TEXT,
  PASSWORD: PASSWORD_TEXT,
};

const WAITING_TEXT: Record<Method, string> = {
  WEB_AUTHN: 'Waiting for your passkey…',
  EMAIL_OTP: 'Sending the code…',
  PASSWORD_SRP: 'Please wait…',
  PASSWORD: 'Please wait…',
};
