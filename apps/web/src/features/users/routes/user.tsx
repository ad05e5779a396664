import { useNavigate, useParams } from 'react-router';
import { useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import type { TUserSummary } from '@laurel/contract/users';

import { usePageTitle } from '../../../lib/routing/page-title';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { BookmarkButton } from '../../../components/bookmarks/bookmark-button';
import { DetailGrid } from '../../../components/display/detail-grid';
import { RoleChip } from '../../../components/display/role-chip';
import { NoAccess } from '../../../components/feedback/no-access';
import { BreadcrumbsBar } from '../../../components/layout/breadcrumbs-bar';
import { PageHeader } from '../../../components/layout/page-header';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { formatDate, formatDateTime } from '../../../lib/format/format';
import { useGetUserQuery } from '../../../lib/api/user-api';
import { UserActions } from '../components/user-actions';
import { ActiveChip } from '../components/active-chip';

/** `{organization route}/users/:userId`: one person, their role and status. */
export default function UserRoute() {
  const { userId } = useParams();
  const id = Number(userId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { organizationId } = useOrganizationRoute();
  const intl = useIntl();
  const { data: user, error } = useGetUserQuery(id, { skip: !valid });
  const denied = !valid || Boolean(error) || (user && user.organizationId !== organizationId);
  usePageTitle(
    denied
      ? undefined
      : user
        ? [`${user.firstName} ${user.lastName}`, user.organizationName]
        : null,
  );
  if (denied) return <NoAccess />;
  if (!user)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'users.user.loading' })} />
      </Box>
    );
  return <UserPage user={user} />;
}

function UserPage({ user }: { user: TUserSummary }) {
  const { organizationHref } = useOrganizationRoute();
  const navigate = useNavigate();
  const intl = useIntl();
  const name = `${user.firstName} ${user.lastName}`;
  useBreadcrumbs({
    organization: { label: user.organizationName, href: organizationHref ?? undefined },
  });
  return (
    <>
      <BreadcrumbsBar current={name} />
      <PageHeader
        overline={user.title ?? intl.formatMessage({ id: 'users.user.overline' })}
        title={name}
        actions={
          <>
            <BookmarkButton
              target={{
                itemType: 'users',
                itemId: user.id,
                itemName: name,
                organizationId: user.organizationId,
              }}
            />
            <UserActions
              user={user}
              variant="buttons"
              onWithdrawn={() =>
                void navigate(organizationHref ? `${organizationHref}/users` : '/', {
                  replace: true,
                })
              }
            />
          </>
        }
      />
      <Card>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <DetailGrid
            items={[
              { label: intl.formatMessage({ id: 'users.email' }), value: user.email },
              {
                label: intl.formatMessage({ id: 'users.organization' }),
                value: user.organizationName,
              },
              {
                label: intl.formatMessage({ id: 'users.role' }),
                value: <RoleChip roleId={user.roleId} />,
              },
              {
                label: intl.formatMessage({ id: 'users.statusLabel' }),
                value: <ActiveChip active={user.active} />,
              },
              {
                label: intl.formatMessage({ id: 'users.lastSignIn' }),
                value: user.lastLoginAt
                  ? formatDateTime(user.lastLoginAt)
                  : intl.formatMessage({ id: 'users.never' }),
              },
              {
                label: intl.formatMessage({ id: 'users.memberSince' }),
                value: formatDate(user.createdAt),
              },
            ]}
          />
        </CardContent>
      </Card>
    </>
  );
}
