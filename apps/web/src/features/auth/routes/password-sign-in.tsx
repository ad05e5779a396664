import { Suspense, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MailOutlined from '@mui/icons-material/MailOutlined';
import {
  emailAddressProblem,
  passwordSignInProblems,
  readEmailAddress,
} from '@laurel/contract/sign-in-fields';

import { PasswordField } from '../../../components/forms/password-field';
import { useFormState } from '../../../components/forms/use-form-state';
import { paths } from '../../../lib/routing/paths';
import { checkFederated } from '../../../lib/auth/cognito-config';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm, EmailField } from '../components/auth-form';
import { forgetPasswordSignIn, rememberPasswordSignIn } from '../../../lib/auth/passkey-offer';
import { useSignInFlow } from '../lib/use-sign-in-flow';
import { preloadable } from '../../../lib/routing/preloadable';
import { PASSWORDLESS_LABELS } from '../components/passwordless-labels';

export { PASSWORDLESS_LABELS };

const [PasswordlessAlternatives, loadPasswordlessAlternatives] = preloadable(
  () => import('../components/passwordless-alternatives'),
);

export const CHECK_EMAIL_NOTE =
  'Check your e-mail for your temporary password, then sign in with it below.';

type Notice = { severity: 'info' | 'warning' | 'error'; message: string };

/**
 * `/auth/password-sign-in`: e-mail first (company logins are sent on to their provider), then
 * password. The address is filled in when the person comes from accepting an invitation
 * (`?checkEmail=true`, spec §2) or from resetting their password.
 */
export default function PasswordSignInRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
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
      // The password step's alternatives arrive while the address is checked.
      const alternatives = loadPasswordlessAlternatives().catch(() => undefined);
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
      title="Sign in"
      subtitle={
        step === 'email' ? 'Use your work e-mail address.' : 'Enter your password to continue.'
      }
      form={form}
      notice={
        <>
          {checkEmail ? (
            <Alert severity="info" icon={<MailOutlined />} sx={{ mb: 5 }}>
              {CHECK_EMAIL_NOTE}
            </Alert>
          ) : null}
          {notice ? (
            <Alert severity={notice.severity} sx={{ mb: 5 }}>
              {notice.message}
            </Alert>
          ) : null}
        </>
      }
      onSubmit={step === 'email' ? submitEmail : submitPassword}
      submitLabel={step === 'email' ? 'Continue' : 'Sign in'}
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
        <Link component={RouterLink} to={paths.auth.forgotPassword.getHref(typedEmail)}>
          Forgot your password?
        </Link>
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
              sx={{ whiteSpace: 'nowrap' }}
            >
              Change
            </Button>
          ) : undefined
        }
      />
      {step === 'password' ? (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus
          {...form.textField('password')}
        />
      ) : null}
    </AuthForm>
  );
}
