import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDispatch } from 'react-redux';
import { MESSAGES } from '@laurel/contract/messages';

import { paths } from '../../../lib/routing/paths';
import type { ApiDispatch } from '../../../lib/api/api';
import { authCallbackApi } from '../api/callback-api';
import { getErrorText } from '../../../lib/errors/error-text';
import { useAuth } from '../../../lib/auth/use-auth';

/** `/auth/callback`: the return from a company (federated) login. */
export default function CallbackRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  const intl = useIntl();
  const dispatch = useDispatch<ApiDispatch>();
  const [searchParams] = useSearchParams();
  // The identity service refused the person (another domain, deactivated, not invited…) or the
  // address lacks its code and state: nothing to exchange.
  const refused =
    Boolean(searchParams.get('error')) || !searchParams.get('code') || !searchParams.get('state');
  const [failure, setFailure] = useState<{ error: string; detail: string | null } | null>(null);
  const error = refused
    ? intl.formatMessage({ id: 'messages.federatedCallbackFailed' })
    : (failure?.error ?? null);
  const detail = refused ? searchParams.get('error_description') : (failure?.detail ?? null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || refused) return;
    started.current = true;
    const code = searchParams.get('code') ?? '';
    const state = searchParams.get('state') ?? '';
    void (async () => {
      try {
        const result = await dispatch(
          authCallbackApi.endpoints.exchangeCode.initiate({ code, state }),
        ).unwrap();
        if (!result.idToken) throw new Error(MESSAGES.federatedCallbackFailed);
        const client = await auth.getClient();
        await client.storeFederatedTokens(result);
        await auth.completeSignIn();
        navigate(paths.home.getHref(), { replace: true });
      } catch (caught) {
        const text = getErrorText(caught);
        setFailure({
          error: intl.formatMessage({ id: 'messages.federatedCallbackFailed' }),
          detail: text === MESSAGES.federatedCallbackFailed ? null : text,
        });
      }
    })();
  }, [auth, dispatch, intl, navigate, refused, searchParams]);

  if (error) {
    return (
      <Box>
        <Typography variant="h3" component="h1" sx={{ mb: 4 }}>
          <FormattedMessage id="auth.callback.failed" />
        </Typography>
        <Alert severity="error" sx={{ mb: detail ? 3 : 6 }} role="alert">
          {error}
        </Alert>
        {detail ? (
          <Typography color="text.secondary" sx={{ mb: 6 }} data-testid="callback-detail">
            {detail}
          </Typography>
        ) : null}
        <Link component={RouterLink} to={paths.auth.passwordSignIn.getHref()}>
          <FormattedMessage id="auth.backToSignIn" />
        </Link>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 4 }} role="status">
      <CircularProgress size={28} aria-hidden="true" />
      <Typography>
        <FormattedMessage id="auth.callback.finishing" />
      </Typography>
    </Box>
  );
}
