import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';

import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { ActionRow } from '../../../components/layout/section-header';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { identityErrorText } from '../../../lib/auth/identity-errors';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDate } from '../../../lib/format/format';

/** A passkey as the identity service lists it. */
interface Passkey {
  credentialId: string;
  name: string;
  createdAt: Date | null;
  /** Null when it has never signed in; undefined when the identity service does not say. */
  lastUsedAt?: Date | null;
}

/** "Last used Nov 25, 2026", "Never used", or null when the identity service keeps no such time. */
export function lastUseText(
  intl: Pick<IntlShape, 'formatMessage'>,
  lastUsedAt: Date | null | undefined,
): string | null {
  if (lastUsedAt === undefined) return null;
  return lastUsedAt
    ? intl.formatMessage(
        { id: 'profile.passkeys.lastUsed' },
        { date: formatDate(lastUsedAt.toISOString()) },
      )
    : intl.formatMessage({ id: 'profile.passkeys.neverUsed' });
}

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'loaded'; passkeys: Passkey[] };

/** The passkeys of the signed-in person, read through the identity client (every page of them). */
function usePasskeys() {
  const { getClient } = useAuth();
  const intl = useIntl();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async (): Promise<State> => {
    try {
      const client = await getClient();
      const passkeys: Passkey[] = [];
      let nextToken: string | undefined;
      do {
        const page = await client.listPasskeys(nextToken ? { nextToken } : undefined);
        for (const credential of page.credentials) {
          if (!credential.credentialId) continue;
          passkeys.push({
            credentialId: credential.credentialId,
            name:
              credential.friendlyCredentialName?.trim() ||
              intl.formatMessage({ id: 'profile.passkeys.unnamed' }),
            createdAt: credential.createdAt ?? null,
            ...(credential.lastUsedAt !== undefined ? { lastUsedAt: credential.lastUsedAt } : {}),
          });
        }
        nextToken = page.nextToken;
      } while (nextToken);
      return { kind: 'loaded', passkeys };
    } catch (caught) {
      return { kind: 'unavailable', message: identityErrorText(caught) };
    }
  }, [getClient, intl]);

  useEffect(() => {
    let active = true;
    void load().then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, [load]);

  const reload = useCallback(async () => setState(await load()), [load]);

  return { state, reload };
}

/** A host name that is an IPv4 or IPv6 address: browsers refuse passkeys there. */
const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');

/**
 * Whether passkeys can work here, and if not why: the browser has WebAuthn, and the page is
 * opened by a domain name (a passkey belongs to a domain, never to an IP address).
 */
export function passkeySupport(): 'ok' | 'unsupported' | 'ipAddress' {
  if (typeof window.PublicKeyCredential !== 'function') return 'unsupported';
  if (isIpAddress(window.location.hostname)) return 'ipAddress';
  return 'ok';
}

/** Lists the person's passkeys, adds one (the browser's prompt) and removes one after asking. */
export function PasskeysForm() {
  const { getClient } = useAuth();
  const { showSnackbar } = useSnackbar();
  const { state, reload } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const intl = useIntl();

  const add = async () => {
    setError(null);
    setAdding(true);
    try {
      const client = await getClient();
      await client.associateWebAuthnCredential();
      showSnackbar(intl.formatMessage({ id: 'profile.passkeys.added' }), 'success');
      await reload();
    } catch (caught) {
      setError(identityErrorText(caught));
    } finally {
      setAdding(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    setRemoveBusy(true);
    try {
      const client = await getClient();
      await client.deleteWebAuthnCredential({ credentialId: passkey.credentialId });
      showSnackbar(intl.formatMessage({ id: 'profile.passkeys.removed' }), 'success');
    } catch (caught) {
      // Removed elsewhere already: the list below shows how things are now.
      if (!(caught instanceof Error && caught.name === 'ResourceNotFoundException'))
        setError(identityErrorText(caught));
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
      await reload();
    }
  };

  if (state.kind === 'loading') return <Skeleton variant="rounded" height={56} />;
  if (state.kind === 'unavailable') return <Alert severity="warning">{state.message}</Alert>;

  const support = passkeySupport();
  const supported = support === 'ok';
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      {state.passkeys.length === 0 ? (
        <Typography color="text.secondary">
          <FormattedMessage id="profile.passkeys.none" />
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={intl.formatMessage({ id: 'profile.passkeys.list' })}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3 }}
        >
          {state.passkeys.map((passkey) => {
            const lastUse = lastUseText(intl, passkey.lastUsedAt);
            return (
              <Box
                component="li"
                key={passkey.credentialId}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 4, py: 3 }}
              >
                <ActionRow>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, minWidth: 0 }}>
                    <KeyOutlined aria-hidden="true" sx={{ color: 'primary.main', flex: 'none' }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                        {passkey.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <FormattedMessage
                          id="profile.passkeys.addedOn"
                          values={{
                            date: passkey.createdAt
                              ? formatDate(passkey.createdAt.toISOString())
                              : '—',
                          }}
                        />
                      </Typography>
                      {lastUse ? (
                        <Typography variant="body2" color="text.secondary">
                          {lastUse}
                        </Typography>
                      ) : null}
                    </Box>
                  </Box>
                  <Button
                    color="error"
                    variant="outlined"
                    size="small"
                    aria-label={intl.formatMessage(
                      { id: 'profile.passkeys.removeOne' },
                      { name: passkey.name },
                    )}
                    onClick={() => setRemoving(passkey)}
                    disabled={adding || removeBusy}
                  >
                    <FormattedMessage id="profile.remove" />
                  </Button>
                </ActionRow>
              </Box>
            );
          })}
        </Box>
      )}
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {supported ? null : (
        <Alert severity="info">
          <FormattedMessage
            id={
              support === 'ipAddress'
                ? 'profile.passkeys.ipAddress'
                : 'profile.passkeys.unsupported'
            }
          />
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          startIcon={<KeyOutlined />}
          onClick={() => void add()}
          disabled={adding || !supported}
        >
          {adding ? (
            <FormattedMessage id="auth.method.waitingForPasskey" />
          ) : (
            <FormattedMessage id="profile.passkeys.add" />
          )}
        </Button>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={intl.formatMessage({ id: 'profile.passkeys.removeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'profile.passkeys.removeConfirm' })}
        destructive
        busy={removeBusy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <FormattedMessage
          id="profile.passkeys.removeDescription"
          values={{ name: removing?.name ?? '' }}
        />
      </ConfirmDialog>
    </Box>
  );
}
