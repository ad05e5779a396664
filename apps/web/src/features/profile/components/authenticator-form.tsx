import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';

import { ZOneTimeCodeForm } from '@laurel/contract/sign-in';

import { Form } from '../../../components/forms/form';
import { ActionRow } from '../../../components/layout/section-header';
import { OneTimeCodeField } from '../../../components/forms/one-time-code-field';
import { useFormState, validateWith } from '../../../components/forms/use-form-state';
import { TotpSetupPanel } from '../../../components/forms/totp-setup-panel';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { RemoveAuthenticatorDialog } from './remove-authenticator-dialog';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'off' }
  | { kind: 'on' }
  | { kind: 'setting-up'; secret: string; uri: string };

/** Set up or remove the authenticator app (TOTP) for the signed-in user. */
export function AuthenticatorForm() {
  const { getClient, user } = useAuth();
  const { showSnackbar } = useSnackbar();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const intl = useIntl();
  const email = user?.profile?.email ?? user?.signInDetails?.loginId ?? user?.username ?? '';

  useEffect(() => {
    let active = true;
    void getClient()
      .then((client) => client.fetchMFAPreference())
      .then((preference) => {
        if (active)
          setState(preference.enabled?.includes('TOTP') ? { kind: 'on' } : { kind: 'off' });
      })
      .catch((caught: unknown) => {
        if (active) setState({ kind: 'unavailable', message: identityErrorText(caught) });
      });
    return () => {
      active = false;
    };
  }, [getClient]);

  const start = async () => {
    setBusy(true);
    try {
      const client = await getClient();
      const details = await client.setUpTOTP();
      setState({
        kind: 'setting-up',
        secret: details.sharedSecret,
        uri: details.getSetupUri('Laurel', email).toString(),
      });
    } catch (caught) {
      showSnackbar(identityErrorText(caught), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (state.kind === 'loading') return <Skeleton variant="rounded" height={56} />;
  if (state.kind === 'unavailable') return <Alert severity="warning">{state.message}</Alert>;

  if (state.kind === 'setting-up') {
    return (
      <AuthenticatorSetup
        secret={state.secret}
        uri={state.uri}
        onCancel={() => setState({ kind: 'off' })}
        onDone={() => setState({ kind: 'on' })}
      />
    );
  }

  return (
    <ActionRow sx={{ gap: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
        <Typography sx={{ fontWeight: 700 }}>
          <FormattedMessage id="profile.authenticator.app" />
        </Typography>
        {state.kind === 'on' ? (
          <Chip
            size="small"
            color="success"
            label={intl.formatMessage({ id: 'profile.authenticator.on' })}
            sx={{ fontWeight: 700 }}
          />
        ) : (
          <Chip
            size="small"
            label={intl.formatMessage({ id: 'profile.authenticator.off' })}
            sx={{ fontWeight: 700 }}
          />
        )}
      </Box>
      {state.kind === 'on' ? (
        <Button color="error" variant="outlined" onClick={() => setRemoving(true)} disabled={busy}>
          <FormattedMessage id="profile.remove" />
        </Button>
      ) : (
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          <FormattedMessage id="profile.authenticator.setUp" />
        </Button>
      )}
      <RemoveAuthenticatorDialog
        open={removing}
        onClose={() => setRemoving(false)}
        onRemoved={() => {
          setRemoving(false);
          setState({ kind: 'off' });
          showSnackbar(intl.formatMessage({ id: 'messages.authenticatorRemoved' }), 'success');
        }}
      />
    </ActionRow>
  );
}

/** The QR code and the first code from the app, which turns two-step verification on. */
function AuthenticatorSetup({
  secret,
  uri,
  onCancel,
  onDone,
}: {
  secret: string;
  uri: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { getClient } = useAuth();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const form = useFormState({ code: '' }, validateWith(ZOneTimeCodeForm), {
    // The identity service's refusal is about the code: say it under the code.
    errorText: identityErrorText,
    fieldErrorsOf: (caught) => ({ code: identityErrorText(caught) }),
  });
  const verify = form.handleSubmit(async ({ code }) => {
    const client = await getClient();
    await client.verifyTOTPSetup({ code });
    await client.updateMFAPreference({ totp: 'PREFERRED' });
    showSnackbar(intl.formatMessage({ id: 'profile.authenticator.done' }), 'success');
    onDone();
  });

  return (
    <Form form={form} onSubmit={verify} sx={{ display: 'grid', gap: 4 }}>
      <Typography color="text.secondary">
        <FormattedMessage id="profile.authenticator.scan" />
      </Typography>
      <TotpSetupPanel setupUri={uri} secret={secret} />
      <OneTimeCodeField {...form.textField('code')} autoFocus />
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>
          <FormattedMessage id="profile.cancel" />
        </Button>
        <Button type="submit" variant="contained" disabled={form.busy}>
          {form.busy ? (
            <FormattedMessage id="auth.form.checking" />
          ) : (
            <FormattedMessage id="profile.authenticator.verify" />
          )}
        </Button>
      </Box>
    </Form>
  );
}
