import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import type { TAwardBadge } from '@laurel/contract/open-badges';
import type { TCredential } from '@laurel/contract/credentials';

import { DisabledReason } from '../../../components/feedback/disabled-reason';
import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useCan } from '../../../lib/auth/use-can';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDate, formatNumber } from '../../../lib/format/format';
import {
  credentialsApi,
  useGetCredentialIssuingQuery,
  useIssueCredentialsMutation,
  useRevokeAwardBadgeMutation,
  useSendAwardBadgeMutation,
  useSetCredentialIssuingMutation,
  useSetOrganizationIssuingMutation,
} from '../api/credentials-api';

/**
 * Signed Open Badges 3.0 credentials of this credential's awards: whether the organization may
 * issue them (a platform admin's switch), whether this credential's awards are issued (an
 * organization admin's), how many are issued, and issuing them all.
 */
export function SignedCredentialsCard({
  credential,
  organizationName,
}: {
  credential: TCredential;
  organizationName: string;
}) {
  const canDo = useCan();
  const intl = useIntl();
  const target = { organizationId: credential.organizationId };
  const canIssue = canDo('issue:award', target);
  const canAllow = canDo('allow:issuing', target);
  const [polling, setPolling] = useState(false);
  const { data } = useGetCredentialIssuingQuery(credential.id, {
    pollingInterval: polling ? 2000 : 0,
  });
  const busy = data?.issuing ?? false;
  if (polling !== busy) setPolling(busy);
  const dispatch = useDispatch();
  const counted = useRef<string | null>(null);
  const counts = data ? `${data.issued}/${data.revoked}` : null;
  useEffect(() => {
    // Credentials were issued or revoked since the counts were last read (a run ended, say): the
    // awards' states in the table below are read again.
    if (counted.current !== null && counts !== null && counts !== counted.current)
      dispatch(
        credentialsApi.util.invalidateTags([{ type: 'Award', id: `badges-${credential.id}` }]),
      );
    if (counts !== null) counted.current = counts;
  }, [counts, credential.id, dispatch]);
  const [setEnabled, { isLoading: switching }] = useSetCredentialIssuingMutation();
  const [setAllowed, { isLoading: allowing }] = useSetOrganizationIssuingMutation();
  const [issue, { isLoading: queuing }] = useIssueCredentialsMutation();
  const { showSnackbar } = useSnackbar();

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      const result = await action();
      const message =
        done ??
        (typeof result === 'object' && result && 'message' in result
          ? String(result.message)
          : null);
      if (message) showSnackbar(message, 'success');
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };

  if (!data) return null;
  return (
    <Card sx={{ mb: 5 }}>
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <VerifiedOutlined color="primary" aria-hidden />
          <Typography variant="h6" component="h2">
            <FormattedMessage id="credentials.signed.title" />
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          <FormattedMessage id="credentials.signed.description" />
        </Typography>
        {canAllow ? (
          <FormControlLabel
            sx={{ display: 'flex', mb: 2 }}
            control={
              <Switch
                checked={data.organizationIssuingAllowed}
                disabled={allowing}
                onChange={(_event, checked) =>
                  void run(
                    () =>
                      setAllowed({
                        organizationId: credential.organizationId,
                        credentialId: credential.id,
                        issuingAllowed: checked,
                      }).unwrap(),
                    intl.formatMessage(
                      { id: 'credentials.signed.allowedSaved' },
                      { allowed: String(checked), organization: organizationName },
                    ),
                  )
                }
              />
            }
            label={intl.formatMessage(
              { id: 'credentials.signed.allow' },
              { organization: organizationName },
            )}
          />
        ) : null}
        {!data.organizationIssuingAllowed ? (
          <Alert severity="info">
            <FormattedMessage
              id="credentials.signed.notAllowed"
              values={{ canAllow: String(canAllow) }}
            />
          </Alert>
        ) : (
          <>
            <FormControlLabel
              sx={{ display: 'flex', mb: 3 }}
              control={
                <Switch
                  checked={data.enabled}
                  disabled={!canIssue || switching}
                  onChange={(_event, checked) =>
                    void run(
                      () => setEnabled({ id: credential.id, enabled: checked }).unwrap(),
                      intl.formatMessage(
                        { id: 'credentials.signed.enabledSaved' },
                        { enabled: String(checked) },
                      ),
                    )
                  }
                />
              }
              label={intl.formatMessage({ id: 'credentials.signed.enable' })}
            />
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}
              aria-live="polite"
            >
              <Typography>
                <FormattedMessage
                  id="credentials.signed.counts"
                  values={{
                    issued: formatNumber(data.issued),
                    awards: formatNumber(data.awards),
                    revoked: data.revoked,
                    revokedText: formatNumber(data.revoked),
                    strong: (chunks) => <strong>{chunks}</strong>,
                  }}
                />
              </Typography>
              {canIssue && data.enabled ? (
                <DisabledReason
                  reason={
                    !busy && data.issued >= data.awards
                      ? intl.formatMessage({ id: 'credentials.signed.allIssued' })
                      : null
                  }
                >
                  <Button
                    variant="contained"
                    disabled={busy || queuing}
                    onClick={() => void run(() => issue({ id: credential.id }).unwrap())}
                  >
                    <FormattedMessage
                      id="credentials.signed.issueAll"
                      values={{ busy: String(busy) }}
                    />
                  </Button>
                </DisabledReason>
              ) : null}
            </Box>
            {busy ? (
              <LinearProgress
                sx={{ mt: 3 }}
                aria-label={intl.formatMessage({ id: 'credentials.signed.issuing' })}
              />
            ) : null}
            {data.enabled ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                <FormattedMessage id="credentials.signed.automatic" />
              </Typography>
            ) : null}
            <FormControlLabel
              sx={{ display: 'flex', mt: 3, alignItems: 'flex-start' }}
              control={
                <Switch
                  checked={data.showOutcomes}
                  disabled={!canIssue || switching}
                  onChange={(_event, checked) =>
                    void run(
                      () => setEnabled({ id: credential.id, showOutcomes: checked }).unwrap(),
                      intl.formatMessage(
                        { id: 'credentials.signed.outcomesSaved' },
                        { shown: String(checked) },
                      ),
                    )
                  }
                />
              }
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography>
                    <FormattedMessage id="credentials.signed.outcomes" />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <FormattedMessage id="credentials.signed.outcomesDescription" />
                  </Typography>
                </Box>
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Shown for an empty value, the same in every language. */
const NO_VALUE = '—';

const STATE_COLORS = { NOT_ISSUED: 'default', ISSUED: 'success', REVOKED: 'error' } as const;

/** An award's signed credential in the awards table: its state, its page, and revoking it. */
export function AwardBadgeCell({
  badge,
  credentialId,
  holder,
  organizationId,
}: {
  badge: TAwardBadge | undefined;
  credentialId: number;
  holder: string;
  organizationId: number;
}) {
  const canIssue = useCan()('issue:award', { organizationId });
  const intl = useIntl();
  if (!badge) return <Typography color="text.secondary">{NO_VALUE}</Typography>;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        color={STATE_COLORS[badge.state]}
        label={intl.formatMessage({ id: 'credentials.signed.state' }, { state: badge.state })}
        sx={{ fontWeight: 700 }}
      />
      {badge.verificationUrl ? (
        <Tooltip title={intl.formatMessage({ id: 'credentials.signed.openPage' })}>
          <IconButton
            size="small"
            component={Link}
            href={badge.verificationUrl}
            target="_blank"
            rel="noopener"
            aria-label={intl.formatMessage({ id: 'credentials.signed.openOf' }, { holder })}
          >
            <OpenInNewOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {badge.state === 'ISSUED' && canIssue && badge.holderEmail ? (
        <SendButton badge={badge} credentialId={credentialId} holder={holder} />
      ) : null}
      {badge.state === 'ISSUED' && canIssue ? (
        <RevokeButton awardId={badge.awardId} credentialId={credentialId} holder={holder} />
      ) : null}
    </Box>
  );
}

/** E-mails the holder the link of their credential again (they lost it, or it never arrived). */
function SendButton({
  badge,
  credentialId,
  holder,
}: {
  badge: TAwardBadge;
  credentialId: number;
  holder: string;
}) {
  const [send, { isLoading }] = useSendAwardBadgeMutation();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const sent = badge.sentAt
    ? intl.formatMessage(
        { id: 'credentials.signed.sentOn' },
        { email: badge.holderEmail, date: formatDate(badge.sentAt) },
      )
    : intl.formatMessage({ id: 'credentials.signed.notSent' }, { email: badge.holderEmail });
  return (
    <Tooltip title={sent}>
      <span>
        <IconButton
          size="small"
          disabled={isLoading}
          aria-label={intl.formatMessage({ id: 'credentials.signed.send' }, { holder })}
          onClick={() =>
            void send({ awardId: badge.awardId, credentialId })
              .unwrap()
              .then(
                () =>
                  showSnackbar(
                    intl.formatMessage(
                      { id: 'credentials.signed.linkSent' },
                      { email: badge.holderEmail },
                    ),
                    'success',
                  ),
                (error: unknown) => showSnackbar(getErrorText(error), 'error'),
              )
          }
        >
          <ForwardToInboxOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

function RevokeButton({
  awardId,
  credentialId,
  holder,
}: {
  awardId: number;
  credentialId: number;
  holder: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [revoke, { isLoading }] = useRevokeAwardBadgeMutation();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const submit = async () => {
    try {
      await revoke({ awardId, credentialId, reason: reason.trim() }).unwrap();
      showSnackbar(intl.formatMessage({ id: 'credentials.signed.revoked' }, { holder }), 'success');
      setOpen(false);
      setReason('');
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  return (
    <>
      <Tooltip title={intl.formatMessage({ id: 'credentials.signed.revoke' })}>
        <IconButton
          size="small"
          onClick={() => setOpen(true)}
          aria-label={intl.formatMessage({ id: 'credentials.signed.revokeOf' }, { holder })}
        >
          <BlockOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={intl.formatMessage({ id: 'credentials.signed.revokeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'credentials.signed.revoke' })}
        destructive
        busy={isLoading}
        onConfirm={() => {
          if (reason.trim()) void submit();
        }}
        onCancel={() => setOpen(false)}
      >
        <Typography sx={{ mb: 3 }}>
          <FormattedMessage id="credentials.signed.revokeDescription" values={{ holder }} />
        </Typography>
        <TextField
          label={intl.formatMessage({ id: 'credentials.signed.reason' })}
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          helperText={intl.formatMessage({ id: 'credentials.signed.reasonHelp' })}
        />
      </ConfirmDialog>
    </>
  );
}
