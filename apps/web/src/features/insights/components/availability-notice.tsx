import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@laurel/contract/messages';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useAuth } from '../../../lib/auth/use-auth';

/** Spec §8: "Thank you for your patience. If you have any questions, … contact {email}". */
function SupportLine({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <Typography variant="body2">
      {MESSAGES.supportLine}{' '}
      {supportEmail ? (
        <Link href={`mailto:${supportEmail}`} sx={{ fontWeight: 600 }}>
          {supportEmail}
        </Link>
      ) : (
        'your account manager'
      )}
      .
    </Typography>
  );
}

/**
 * Spec §8: why a group of insights is not shown, and whom to ask. A platform admin looking at
 * an organization is told about that organization and how to change it, not "your organization"
 * and a support address that is their own.
 */
export function AvailabilityNotice({
  status,
  area,
  supportEmail,
  organizationName,
}: {
  status: 'unavailable' | 'processing';
  area: 'earnings' | 'employment';
  supportEmail: string | undefined;
  /** The organization the figures are of, named to a platform admin. */
  organizationName?: string | undefined;
}) {
  const { user } = useAuth();
  if (status === 'unavailable' && organizationName && isPlatformAdmin(user?.profile)) {
    return (
      <Alert severity="info" variant="outlined" data-testid="insights-unavailable">
        <AlertTitle>Earnings insights unavailable for {organizationName}</AlertTitle>
        <Typography variant="body2">
          {organizationName}’s contract does not include earnings data: its people are not looked up
          with the data provider and nothing is billed for them. Turn on “Insights included” when
          editing the organization to compute its insights.
        </Typography>
      </Alert>
    );
  }
  if (status === 'unavailable') {
    return (
      <Alert severity="info" variant="outlined" data-testid="insights-unavailable">
        <AlertTitle>{MESSAGES.earningsUnavailable}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {MESSAGES.earningsUnavailableDescription}
        </Typography>
        <SupportLine supportEmail={supportEmail} />
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle>
        {area === 'earnings'
          ? MESSAGES.earningsTemporarilyUnavailable
          : MESSAGES.employmentTemporarilyUnavailable}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        The latest data are being processed; the figures return when that has finished.
      </Typography>
      <SupportLine supportEmail={supportEmail} />
    </Alert>
  );
}
