import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
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

/**
 * `/auth/select-method`: first-factor selection. Choosing the password asks for it on the same
 * screen (`?with=password`); a passkey is asked of the browser at once; an e-mailed code goes to
 * the code step.
 */
export default function SelectMethodRoute() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.selectMethod.title' });
  const { confirmChallenge } = useSignInFlow();
  const { email, availableChallenges } = auth.loginData;
  const withPassword = searchParams.get('with') === 'password';
  const [error, setError] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<Method | null>(null);
  const form = useFormState({ password: '' }, validateWith(ZPasswordForm), {
    errorText: identityErrorText,
  });

  if (!email) return <ExpiredStep title={title} what="signIn" />;

  if (withPassword) {
    return (
      <AuthForm
        title={intl.formatMessage({ id: 'auth.selectMethod.passwordTitle' })}
        subtitle={intl.formatMessage({ id: 'auth.signingInAs' }, { email })}
        form={form}
        onSubmit={form.handleSubmit(async ({ password }) => {
          rememberPasswordSignIn();
          const outcome = await confirmChallenge(password);
          if (outcome.kind === 'message') throw new Error(outcome.message);
        })}
        submitLabel={intl.formatMessage({ id: 'auth.passwordSignIn.submit' })}
        footer={<BackToSignIn />}
      >
        <PasswordField
          label={intl.formatMessage({ id: 'auth.password' })}
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
      title={title}
      subtitle={intl.formatMessage({ id: 'auth.signingInAs' }, { email })}
      error={error}
      onSubmit={() => undefined}
      footer={<BackToSignIn />}
    >
      {methods.length === 0 ? (
        <NoMethodNote />
      ) : (
        <Stack
          spacing={3}
          role="list"
          aria-label={intl.formatMessage({ id: 'auth.selectMethod.ways' })}
        >
          {methods.map((method) => (
            <div role="listitem" key={method}>
              <MethodChoice
                {...methodText(intl, method, email)}
                {...(waitingFor === method
                  ? { title: intl.formatMessage({ id: WAITING_TEXT[method] }) }
                  : {})}
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
      <FormattedMessage id="auth.selectMethod.none" />
    </Alert>
  );
}

/** A way of signing in as its row shows it. */
function methodText(
  intl: IntlShape,
  method: Method,
  email: string,
): { icon: ReactNode; title: string; description: string } {
  switch (method) {
    case 'WEB_AUTHN':
      return {
        icon: <KeyOutlined />,
        title: intl.formatMessage({ id: 'auth.method.passkey' }),
        description: intl.formatMessage({ id: 'auth.method.passkeyDescription' }),
      };
    case 'EMAIL_OTP':
      return {
        icon: <MailOutlined />,
        title: intl.formatMessage({ id: 'auth.method.emailCode' }),
        description: intl.formatMessage({ id: 'auth.method.emailCodeDescription' }, { email }),
      };
    case 'PASSWORD_SRP':
    case 'PASSWORD':
      return {
        icon: <PasswordOutlined />,
        title: intl.formatMessage({ id: 'auth.password' }),
        description: intl.formatMessage({ id: 'auth.method.passwordDescription' }),
      };
  }
}

const WAITING_TEXT = {
  WEB_AUTHN: 'auth.method.waitingForPasskey',
  EMAIL_OTP: 'auth.method.sendingCode',
  PASSWORD_SRP: 'auth.form.busy',
  PASSWORD: 'auth.form.busy',
} as const satisfies Record<Method, string>;
