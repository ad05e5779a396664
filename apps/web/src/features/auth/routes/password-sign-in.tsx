import { Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  emailAddressProblem,
  passwordSignInProblems,
  readEmailAddress,
} from '@laurel/contract/sign-in-fields';

import { useFormState } from '../../../components/forms/use-form-state';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icons';
import { PasswordField } from '../../../components/plain/password-field';
import { TextLink } from '../../../components/plain/text-link';
import { paths } from '../../../lib/routing/paths';
import { checkFederated } from '../../../lib/auth/cognito-config';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, EmailField } from '../components/auth-form';
import { forgetPasswordSignIn, rememberPasswordSignIn } from '../../../lib/auth/passkey-offer';
import { useSignInFlow } from '../lib/use-sign-in-flow';
import { preloadable } from '../../../lib/routing/preloadable';
import { preloadMuiScreens } from '../../../lib/theme/mui-screens';
import styles from '../components/auth.module.css';

const [PasswordlessAlternatives, loadPasswordlessAlternatives] = preloadable(
  () => import('../components/passwordless-alternatives'),
);

type Notice = { severity: 'info' | 'warning' | 'error'; message: string };

/**
 * `/auth/password-sign-in`: e-mail first (company logins are sent on to their provider), then
 * password. The address is filled in when the person comes from accepting an invitation
 * (`?checkEmail=true`, spec §2) or from resetting their password.
 */
export default function PasswordSignInRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const { handleOutput, redirectTo } = useSignInFlow();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const form = useFormState(
    { email: auth.loginData.email, password: '' },
    // Plain checks rather than the contract's zod schema, so the screen shows without zod.
    passwordSignInProblems,
    { errorText: identityErrorText },
  );
  const [notice, setNotice] = useState<Notice | null>(null);

  if (auth.isInitialized && auth.isAuthenticated)
    return <Navigate to={redirectTo ?? paths.home.getHref()} replace />;

  const typedEmail = emailAddressProblem(form.values.email)
    ? undefined
    : readEmailAddress(form.values.email);

  const submitEmail = form.handleSubmit(
    async (values) => {
      const email = readEmailAddress(values.email);
      auth.updateLoginData({ email });
      // The password step's alternatives arrive while the address is checked, and MUI, which the
      // screens after this one are drawn with, starts on its way.
      const alternatives = loadPasswordlessAlternatives().catch(() => undefined);
      void preloadMuiScreens().catch(() => undefined);
      try {
        const result = await checkFederated({ email });
        if (result.isFederated && result.redirectUri) {
          window.location.assign(result.redirectUri);
          return;
        }
      } catch {
        // The check is a convenience: without an answer, password sign-in is still possible.
      }
      await alternatives;
      setStep('password');
    },
    { only: ['email'] },
  );

  const submitPassword = form.handleSubmit(async (values) => {
    setNotice(null);
    const email = readEmailAddress(values.email);
    const { password } = values;
    auth.updateLoginData({ email });
    const client = await auth.getClient();
    const output = await client.signIn({ username: email, password });
    rememberPasswordSignIn();
    const outcome = await handleOutput(output, email);
    if (outcome.kind === 'message') setNotice(outcome);
  });

  const signInWithPasskey = form.handleSubmit(
    (values) => {
      setNotice(null);
      forgetPasswordSignIn();
      auth.updateLoginData({ email: readEmailAddress(values.email) });
      navigate(paths.auth.passkeySignIn.getHref(redirectTo));
    },
    { only: ['email'] },
  );

  const emailMeACode = form.handleSubmit(
    async (values) => {
      setNotice(null);
      forgetPasswordSignIn();
      const email = readEmailAddress(values.email);
      auth.updateLoginData({ email });
      const client = await auth.getClient();
      const output = await client.signIn({
        username: email,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' },
      });
      const outcome = await handleOutput(output, email, { emailCodeUse: 'first-factor' });
      if (outcome.kind === 'message') setNotice(outcome);
    },
    { only: ['email'] },
  );

  const checkEmail = searchParams.get('checkEmail') === 'true';

  return (
    <AuthForm
      title={intl.formatMessage({ id: 'auth.passwordSignIn.title' })}
      subtitle={intl.formatMessage({
        id:
          step === 'email'
            ? 'auth.passwordSignIn.emailSubtitle'
            : 'auth.passwordSignIn.passwordSubtitle',
      })}
      form={form}
      notice={
        <>
          {checkEmail ? (
            <Alert severity="info" icon={<Icon name="mail" />} className={styles.message}>
              {/* `?checkEmail=true` (spec §2): the invitation was accepted and the password
                  chosen on its page, but the sign-in that follows could not finish there. */}
              <FormattedMessage id="auth.passwordSignIn.checkEmail" />
            </Alert>
          ) : null}
          {notice ? (
            <Alert severity={notice.severity} className={styles.message}>
              {notice.message}
            </Alert>
          ) : null}
        </>
      }
      onSubmit={step === 'email' ? submitEmail : submitPassword}
      submitLabel={intl.formatMessage({
        id: step === 'email' ? 'auth.passwordSignIn.continue' : 'auth.passwordSignIn.submit',
      })}
      alternatives={
        step === 'password' ? (
          <Suspense fallback={null}>
            <PasswordlessAlternatives
              disabled={form.busy}
              onPasskey={() => signInWithPasskey()}
              onEmailCode={() => emailMeACode()}
            />
          </Suspense>
        ) : null
      }
      footer={
        <TextLink to={paths.auth.forgotPassword.getHref(typedEmail)}>
          <FormattedMessage id="auth.passwordSignIn.forgotPassword" />
        </TextLink>
      }
    >
      <EmailField
        autoFocus={step === 'email'}
        readOnly={step === 'password'}
        endAdornment={
          step === 'password' ? (
            <Button
              size="small"
              onClick={() => {
                setStep('email');
                form.reset({ email: form.values.email, password: '' });
              }}
            >
              <FormattedMessage id="auth.passwordSignIn.changeEmail" />
            </Button>
          ) : undefined
        }
      />
      {step === 'password' ? (
        <>
          {/* The user again, hidden, with the password: Chromium looks for a username among the
              fields that arrive with a password field (the e-mail field shown above is older) and
              otherwise logs "Password forms should have (optionally hidden) username fields". */}
          <input type="text" autoComplete="username" value={form.values.email} readOnly hidden />
          <PasswordField
            label={intl.formatMessage({ id: 'auth.password' })}
            autoComplete="current-password"
            autoFocus
            {...form.textField('password')}
          />
        </>
      ) : null}
    </AuthForm>
  );
}
