import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector, useStore } from 'react-redux';
import { type BlockerFunction, useBlocker, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';

import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { paths } from '../../../lib/routing/paths';
import {
  type ImpersonatedOrganization,
  type ImpersonationState,
  selectImpersonatedOrganization,
} from '../../../lib/impersonation/impersonation-slice';
import { staysInOrganization } from '../hooks/use-impersonation-sync';

/** A navigation's state that marks it as the explicit way out (the banner's Stop). */
const STOP_ACTING = { stopActing: true } as const;

const isStop = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as typeof STOP_ACTING).stopActing === true;

/**
 * Under the header while a platform admin acts within an organization: "Acting in …" and Stop,
 * which returns to the platform admin's own view of the organization. Any other way out of the
 * organization (the sidebar, a breadcrumb, search, back) asks first.
 */
export function ImpersonationBanner() {
  const organization = useSelector(selectImpersonatedOrganization);
  const navigate = useNavigate();
  if (!organization) return null;
  // Leaving the acting route stops acting (useImpersonationSync), which the server records.
  const stop = () =>
    navigate(paths.adminOrganization.getHref(organization.id), { state: STOP_ACTING });
  return (
    <>
      <Box
        role="status"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          // On a phone a long name wraps within its own box and Stop stays beside it.
          gap: { xs: 1.5, sm: 2 },
          px: { xs: 2, sm: 4 },
          py: 1.5,
          bgcolor: 'warning.main',
          color: 'warning.contrastText',
        }}
      >
        <SupervisorAccountOutlined fontSize="small" aria-hidden="true" sx={{ flexShrink: 0 }} />
        <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="impersonation.banner.actingIn"
            values={{ name: organization.name, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </Typography>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={stop}
          sx={{ py: 0, minWidth: 0, flexShrink: 0, fontWeight: 700 }}
        >
          <FormattedMessage id="impersonation.banner.stop" />
        </Button>
      </Box>
      <LeaveOrganizationGuard organization={organization} />
    </>
  );
}

/** Asks before a navigation leads out of the organization a platform admin acts within. */
function LeaveOrganizationGuard({ organization }: { organization: ImpersonatedOrganization }) {
  const intl = useIntl();
  const store = useStore<{ impersonation: ImpersonationState }>();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ nextLocation }) => {
      // The store's state when the navigation starts, not when this was last drawn.
      const acting = selectImpersonatedOrganization(store.getState());
      return (
        acting !== null &&
        !isStop(nextLocation.state) &&
        !staysInOrganization(nextLocation.pathname, acting.id)
      );
    },
    [store],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      open={blocked}
      title={intl.formatMessage({ id: 'impersonation.leave.title' }, { name: organization.name })}
      confirmLabel={intl.formatMessage({ id: 'impersonation.leave.confirm' })}
      cancelLabel="Stay"
      onConfirm={() => {
        if (blocked) blocker.proceed();
      }}
      onCancel={() => {
        if (blocked) blocker.reset();
      }}
    >
      <FormattedMessage id="impersonation.leave.description" values={{ name: organization.name }} />
    </ConfirmDialog>
  );
}
