import { useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/forms/text-input';
import MailOutlined from '@mui/icons-material/MailOutlined';

import { paths } from '../../../lib/routing/paths';
import { useCheckFederatedMutation } from '../../../lib/auth/auth-api';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { AuthForm } from '../components/auth-form';
import { PasswordField } from '../../../components/forms/password-field';
import { useSignInFlow } from '../lib/use-sign-in-flow';

export const CHECK_EMAIL_NOTE =
  'Check your e-mail for your temporary password, then sign in with it below.';

/** `/auth/password-sign-in`: e-mail first (company logins are sent on to their provider), then password. */
export default function PasswordSignInRoute() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const { handleOutput, redirectTo } = useSignInFlow();
  const [checkFederated] = useCheckFederatedMutation();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState(auth.loginData.email);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<{
    severity: 'info' | 'warning' | 'error';
    message: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (auth.isInitialized && auth.isAuthenticated)
    return <Navigate to={redirectTo ?? paths.home.getHref()} replace />;

  const normalizedEmail = email.trim().toLowerCase();

  const submitEmail = async () => {
    setError(null);
    if (!normalizedEmail) return setErrors({ email: 'Enter your e-mail address.' });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalizedEmail))
      return setErrors({ email: 'Enter a valid e-mail address.' });
    setErrors({});
    setBusy(true);
    try {
      const result = await checkFederated({ email: normalizedEmail }).unwrap();
      if (result.isFederated && result.redirectUri) {
        window.location.assign(result.redirectUri);
        return;
      }
    } catch {
      // The check is a convenience: without an answer, password sign-in is still possible.
    } finally {
      setBusy(false);
    }
    setStep('password');
    window.setTimeout(() => passwordRef.current?.focus(), 0);
  };

  const submitPassword = async () => {
    setError(null);
    setInfo(null);
    if (!password) return setErrors({ password: 'Enter your password.' });
    setErrors({});
    setBusy(true);
    try {
      auth.updateLoginData({ email: normalizedEmail });
      const client = await auth.getClient();
      const output = await client.signIn({ username: normalizedEmail, password });
      const outcome = await handleOutput(output, normalizedEmail);
      if (outcome.kind === 'message') setInfo(outcome);
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const checkEmail = searchParams.get('checkEmail') === 'true';

  return (
    <AuthForm
      title="Sign in"
      subtitle={
        step === 'email' ? 'Use your work e-mail address.' : 'Enter your password to continue.'
      }
      error={error}
      notice={
        <>
          {checkEmail ? (
            <Alert severity="info" icon={<MailOutlined />} sx={{ mb: 5 }}>
              {CHECK_EMAIL_NOTE}
            </Alert>
          ) : null}
          {info ? (
            <Alert severity={info.severity} sx={{ mb: 5 }}>
              {info.message}
            </Alert>
          ) : null}
        </>
      }
      onSubmit={() => void (step === 'email' ? submitEmail() : submitPassword())}
      footer={
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <Link
            component={RouterLink}
            to={paths.auth.forgotPassword.getHref(normalizedEmail || undefined)}
          >
            Forgot your password?
          </Link>
        </Box>
      }
    >
      <TextInput
        label="E-mail address"
        type="email"
        name="username"
        autoComplete="username"
        autoFocus={step === 'email'}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        readOnly={step === 'password'}
        endAdornment={
          step === 'password' ? (
            <Button
              size="small"
              onClick={() => {
                setStep('email');
                setPassword('');
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
          name="password"
          autoComplete="current-password"
          inputRef={passwordRef}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 3 }}>
        {busy ? 'Please wait…' : step === 'email' ? 'Continue' : 'Sign in'}
      </Button>
    </AuthForm>
  );
}
