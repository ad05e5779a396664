import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { useIntl } from 'react-intl';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNext from '@mui/icons-material/NavigateNext';

import { paths } from '../../lib/routing/paths';
import {
  BREADCRUMB_SLOTS,
  selectBreadcrumbs,
  type BreadcrumbSlot,
} from '../../lib/breadcrumbs/breadcrumbs-slice';

/** The trail of spec §3's four slots: dashboard, organization, credential, contract. */
export function BreadcrumbsBar({ current }: { current?: string }) {
  const slots = useSelector(selectBreadcrumbs);
  const intl = useIntl();
  const home: BreadcrumbSlot = {
    label: intl.formatMessage({ id: 'nav.dashboard' }),
    href: paths.home.getHref(),
  };
  const crumbs = BREADCRUMB_SLOTS.map((name) =>
    name === 'dashboard' && !slots.dashboard.label ? home : slots[name],
  ).filter((slot) => Boolean(slot.label));
  // A screen without a slot of its own (a user's page) names itself at the end.
  if (current) crumbs.push({ label: current });
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumbs
      aria-label={intl.formatMessage({ id: 'shell.breadcrumb' })}
      separator={<NavigateNext fontSize="small" />}
      sx={{ mb: 3, '& ol': { flexWrap: 'wrap' } }}
    >
      {crumbs.map((crumb, index) =>
        index < crumbs.length - 1 && crumb.href ? (
          <Link
            key={index}
            component={RouterLink}
            to={crumb.href}
            underline="hover"
            color="text.secondary"
          >
            {crumb.label}
          </Link>
        ) : (
          <Typography
            key={index}
            color="text.primary"
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
            sx={{ fontWeight: 600 }}
          >
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
