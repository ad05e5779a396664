import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { FormattedMessage, useIntl } from 'react-intl';

import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import {
  forgetPasswordSignIn,
  offerAnswered,
  rememberOfferAnswered,
  signedInWithPassword,
} from '../../../lib/auth/passkey-offer';
import { passkeySupport } from './passkeys-form';

/**
 * After signing in with a password, someone without a passkey is offered one, once: adding one
 * or "Not now" both end the offer for that person on this browser. It sits above the page and
 * blocks nothing.
 */
export default function PasskeyOffer() {
  const { user, getClient } = useAuth();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const userId = user?.userId;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!userId || !signedInWithPassword()) return;
    if (offerAnswered(userId) || passkeySupport() !== 'ok') {
      forgetPasswordSignIn();
      return;
    }
    let active = true;
    void getClient()
      .then((client) => client.listWebAuthnCredentials())
      .then(({ credentials }) => {
        if (!active) return;
        forgetPasswordSignIn();
        // Someone who has a passkey already knows about them; the offer is not needed.
        if (credentials.length === 0) setOpen(true);
      })
      .catch(() => {
        // Passkeys not available to this person (for instance not allowed by the
        // organization): nothing to offer.
        if (active) forgetPasswordSignIn();
      });
    return () => {
      active = false;
    };
  }, [getClient, userId]);

  if (!open || !userId) return null;

  const answer = () => {
    rememberOfferAnswered(userId);
    setOpen(false);
  };

  const add = async () => {
    setError(null);
    setBusy(true);
    try {
      const client = await getClient();
      await client.associateWebAuthnCredential();
      answer();
      showSnackbar(intl.formatMessage({ id: 'profile.passkeys.added' }), 'success');
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ px: { xs: 4, sm: 6, md: 8 }, pt: { xs: 4, md: 6 }, maxWidth: 1280, mx: 'auto' }}>
      <Alert
        severity="info"
        icon={<KeyOutlined />}
        component="section"
        role="region"
        aria-label={intl.formatMessage({ id: 'profile.passkeyOffer.title' })}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>
          <FormattedMessage id="profile.passkeyOffer.title" />
        </AlertTitle>
        <FormattedMessage id="profile.passkeyOffer.description" />
        {error ? (
          <Box role="alert" sx={{ mt: 2, fontWeight: 700 }}>
            {error}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={() => void add()} disabled={busy}>
            {busy ? (
              <FormattedMessage id="auth.method.waitingForPasskey" />
            ) : (
              <FormattedMessage id="profile.passkeys.add" />
            )}
          </Button>
          <Button size="small" color="inherit" onClick={answer} disabled={busy}>
            <FormattedMessage id="profile.passkeyOffer.notNow" />
          </Button>
        </Box>
      </Alert>
    </Box>
  );
}
