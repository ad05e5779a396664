import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';

import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { paths } from '../../../lib/routing/paths';
import { AuthForm, ExpiredStep } from '../components/auth-form';
import { forgetPasswordSignIn } from '../../../lib/auth/passkey-offer';
import { useSignInFlow } from '../lib/use-sign-in-flow';

type State = { kind: 'waiting' } | { kind: 'failed'; message: string };

/**
 * `/auth/passkey-sign-in`: asks the browser for the person's passkey at once, and after a
 * cancelled or failed attempt says why and offers to try again. Without a passkey for the
 * account, the identity service offers the other ways (first-factor selection).
 */
export default function PasskeySignInRoute() {
  const auth = useAuth();
  const { handleOutput, redirectTo } = useSignInFlow();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.passwordless.passkey' });
  const { email } = auth.loginData;
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const started = useRef(false);

  const attempt = useCallback(async () => {
    setState({ kind: 'waiting' });
    forgetPasswordSignIn();
    try {
      const client = await auth.getClient();
      const output = await client.signIn({
        username: email,
        options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
      });
      const outcome = await handleOutput(output, email, { emailCodeUse: 'first-factor' });
      if (outcome.kind === 'message') setState({ kind: 'failed', message: outcome.message });
    } catch (caught) {
      setState({ kind: 'failed', message: identityErrorText(caught) });
    }
  }, [auth, email, handleOutput]);

  useEffect(() => {
    // Once per visit: the browser shows its own prompt, which must not open twice.
    if (!email || started.current) return;
    started.current = true;
    void attempt();
  }, [attempt, email]);

  if (!email) return <ExpiredStep title={title} what="signIn" />;

  return (
    <AuthForm
      title={title}
      subtitle={intl.formatMessage({ id: 'auth.signingInAs' }, { email })}
      onSubmit={() => void attempt()}
      submitLabel={
        state.kind === 'failed' ? intl.formatMessage({ id: 'auth.passkey.tryAgain' }) : undefined
      }
      footer={
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref({ redirectTo })}>
          <FormattedMessage id="auth.passkey.otherWays" />
        </Link>
      }
    >
      {state.kind === 'waiting' ? (
        <Box
          role="status"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            p: 4,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        >
          <Box sx={{ position: 'relative', display: 'grid', placeItems: 'center', flex: 'none' }}>
            <CircularProgress size={44} thickness={3} aria-hidden="true" />
            <KeyOutlined
              aria-hidden="true"
              sx={{ position: 'absolute', color: 'primary.main', fontSize: 22 }}
            />
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>
              <FormattedMessage id="auth.method.waitingForPasskey" />
            </Typography>
            <Typography color="text.secondary">
              <FormattedMessage id="auth.passkey.prompt" />
            </Typography>
          </Box>
        </Box>
      ) : (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      )}
    </AuthForm>
  );
}
