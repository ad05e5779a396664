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
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { BADGE_STATE_LABELS, type TAwardBadge } from '@laurel/contract/open-badges';
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
            Signed credentials
          </Typography>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          Each award can be issued as a signed Open Badges 3.0 credential with its own public page,
          where anyone can check it, download it, or add it to a LinkedIn profile. No earnings or
          employment figure is ever part of it.
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
                    checked
                      ? `${organizationName} may issue signed credentials.`
                      : `${organizationName} no longer issues signed credentials.`,
                  )
                }
              />
            }
            label={`${organizationName} may issue signed credentials`}
          />
        ) : null}
        {!data.organizationIssuingAllowed ? (
          <Alert severity="info">
            {canAllow
              ? 'Turn this on to let the organization’s admins issue signed credentials.'
              : 'A platform admin has not yet allowed this organization to issue signed credentials.'}
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
                      checked
                        ? 'Signed credentials are on for this credential.'
                        : 'Signed credentials are off for this credential.',
                    )
                  }
                />
              }
              label="Issue signed credentials for this credential’s awards"
            />
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}
              aria-live="polite"
            >
              <Typography>
                <strong>{formatNumber(data.issued)}</strong> of {formatNumber(data.awards)} awards
                issued
                {data.revoked > 0 ? ` · ${formatNumber(data.revoked)} revoked` : ''}
              </Typography>
              {canIssue && data.enabled ? (
                <DisabledReason
                  reason={
                    !busy && data.issued >= data.awards
                      ? 'Every award of this credential has its signed credential.'
                      : null
                  }
                >
                  <Button
                    variant="contained"
                    disabled={busy || queuing}
                    onClick={() => void run(() => issue({ id: credential.id }).unwrap())}
                  >
                    {busy ? 'Issuing…' : 'Issue for all awards'}
                  </Button>
                </DisabledReason>
              ) : null}
            </Box>
            {busy ? (
              <LinearProgress sx={{ mt: 3 }} aria-label="Issuing signed credentials" />
            ) : null}
            {data.enabled ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
                New and corrected awards from uploads are issued automatically. Holders with an
                e-mail address are sent the link of their credential.
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
                      checked
                        ? 'Credential pages show this program’s published outcomes.'
                        : 'Credential pages no longer show this program’s outcomes.',
                    )
                  }
                />
              }
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography>
                    Show this program’s published outcomes on its credential pages
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    The median wage, wage growth and employment rate of all its graduates, as the
                    insights publish them: never a figure about the holder, never one about fewer
                    than 10 people.
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
  if (!badge) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        color={STATE_COLORS[badge.state]}
        label={BADGE_STATE_LABELS[badge.state]}
        sx={{ fontWeight: 700 }}
      />
      {badge.verificationUrl ? (
        <Tooltip title="Open its public page">
          <IconButton
            size="small"
            component={Link}
            href={badge.verificationUrl}
            target="_blank"
            rel="noopener"
            aria-label={`Open the signed credential of ${holder}`}
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
  const sent = badge.sentAt
    ? `Sent to ${badge.holderEmail} on ${formatDate(badge.sentAt)}. Send again`
    : `Not sent yet. Send to ${badge.holderEmail}`;
  return (
    <Tooltip title={sent}>
      <span>
        <IconButton
          size="small"
          disabled={isLoading}
          aria-label={`Send ${holder} the link of their signed credential`}
          onClick={() =>
            void send({ awardId: badge.awardId, credentialId })
              .unwrap()
              .then(
                () => showSnackbar(`The link was sent to ${badge.holderEmail}.`, 'success'),
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
  const submit = async () => {
    try {
      await revoke({ awardId, credentialId, reason: reason.trim() }).unwrap();
      showSnackbar(`The signed credential of ${holder} is revoked.`, 'success');
      setOpen(false);
      setReason('');
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  return (
    <>
      <Tooltip title="Revoke">
        <IconButton
          size="small"
          onClick={() => setOpen(true)}
          aria-label={`Revoke the signed credential of ${holder}`}
        >
          <BlockOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title="Revoke this signed credential?"
        confirmLabel="Revoke"
        destructive
        busy={isLoading}
        onConfirm={() => {
          if (reason.trim()) void submit();
        }}
        onCancel={() => setOpen(false)}
      >
        <Typography sx={{ mb: 3 }}>
          Anyone who checks the credential of {holder} is told it was revoked. This cannot be
          undone; issuing again gives a new credential.
        </Typography>
        <TextField
          label="Reason"
          required
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          helperText="Recorded on the audit trail."
        />
      </ConfirmDialog>
    </>
  );
}
