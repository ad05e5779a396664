import { FormattedMessage } from 'react-intl';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useAuth } from '../../../lib/auth/use-auth';

/** Spec §8: "Thank you for your patience. If you have any questions, … contact {email}". */
function SupportLine({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <Typography variant="body2">
      <FormattedMessage
        id="insights.availability.supportLine"
        values={{
          supportLine: <FormattedMessage id="messages.supportLine" />,
          contact: supportEmail ? (
            <Link href={`mailto:${supportEmail}`} sx={{ fontWeight: 600 }}>
              {supportEmail}
            </Link>
          ) : (
            <FormattedMessage id="insights.availability.accountManager" />
          ),
        }}
      />
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
        <AlertTitle>
          <FormattedMessage
            id="insights.availability.unavailableFor"
            values={{ organization: organizationName }}
          />
        </AlertTitle>
        <Typography variant="body2">
          <FormattedMessage
            id="insights.availability.notInContract"
            values={{ organization: organizationName }}
          />
        </Typography>
      </Alert>
    );
  }
  if (status === 'unavailable') {
    return (
      <Alert severity="info" variant="outlined" data-testid="insights-unavailable">
        <AlertTitle>
          <FormattedMessage id="messages.earningsUnavailable" />
        </AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <FormattedMessage id="messages.earningsUnavailableDescription" />
        </Typography>
        <SupportLine supportEmail={supportEmail} />
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle>
        <FormattedMessage
          id={
            area === 'earnings'
              ? 'messages.earningsTemporarilyUnavailable'
              : 'messages.employmentTemporarilyUnavailable'
          }
        />
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <FormattedMessage id="insights.availability.processing" />
      </Typography>
      <SupportLine supportEmail={supportEmail} />
    </Alert>
  );
}
