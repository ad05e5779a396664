import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { USER_STATUSES } from '@laurel/contract/invitations';
import { ROLE_IDS, isPlatformAdmin, isPlatformOrganization } from '@laurel/contract/roles';
import { USER_SORTS, type TUserSummary } from '@laurel/contract/users';
import { API_PATHS } from '@laurel/contract/paths';

import { useItemHref } from '../../../lib/routing/use-item-href';
import { organizationListRoute } from '../../../lib/routing/organization-list-route';
import { type Column } from '../../../components/data-table/data-table';
import { choiceFilter, ListScreen } from '../../../components/data-table/list-screen';
import { RoleChip } from '../../../components/display/role-chip';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionHeader } from '../../../components/layout/section-header';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/format/format';
import { useListUsersQuery } from '../../../lib/api/user-api';
import { InviteUserDialog, invitableRoles } from '../components/invite-user-dialog';
import { UserStatusChip } from '../components/status-chip';
import { UserActions } from '../components/user-actions';

type Sort = (typeof USER_SORTS)[number];

/** `/users` (everyone, platform admins) and `{organization route}/users`. */
export default organizationListRoute('users', UsersList);

function UsersList({ organizationId }: { organizationId: number | null }) {
  const intl = useIntl();
  const itemHref = useItemHref();
  const { user } = useAuth();
  const canDo = useCan();
  const [inviting, setInviting] = useState(false);
  const organization = useGetOrganizationQuery(organizationId ?? 0, { skip: !organizationId });
  const canInvite =
    organizationId !== null && canDo('invite:user', { organizationId }) && !!organization.data;

  const columns: Column<TUserSummary, Sort>[] = [
    {
      key: 'name',
      label: intl.formatMessage({ id: 'users.list.name' }),
      sort: 'name',
      render: (row) => (
        <>
          <Link
            component={RouterLink}
            to={itemHref('users', row.id, row.organizationId)}
            sx={{ fontWeight: 700 }}
          >
            {row.firstName} {row.lastName}
          </Link>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: { md: 'none' }, overflowWrap: 'anywhere' }}
          >
            {row.email}
          </Typography>
          {/* Narrow screens: the role under the name rather than in a column of its own. */}
          <Box sx={{ display: { sm: 'none' }, mt: 1 }}>
            <RoleChip roleId={row.roleId} />
          </Box>
        </>
      ),
    },
    {
      key: 'email',
      label: intl.formatMessage({ id: 'users.email' }),
      sort: 'email',
      render: (row) => row.email,
      hideBelow: 'md',
    },
    ...(organizationId
      ? []
      : [
          {
            key: 'organization',
            label: intl.formatMessage({ id: 'users.organization' }),
            render: (row: TUserSummary) => row.organizationName,
            hideBelow: 'lg' as const,
          },
        ]),
    {
      key: 'role',
      label: intl.formatMessage({ id: 'users.role' }),
      sort: 'role',
      render: (row) => <RoleChip roleId={row.roleId} />,
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: intl.formatMessage({ id: 'users.statusLabel' }),
      render: (row) => <UserStatusChip status={row.status} />,
      hideBelow: 'sm',
    },
    {
      key: 'lastLoginAt',
      label: intl.formatMessage({ id: 'users.lastSignIn' }),
      sort: 'lastLoginAt',
      render: (row) =>
        row.lastLoginAt
          ? formatDateTime(row.lastLoginAt)
          : intl.formatMessage({ id: 'users.never' }),
      hideBelow: 'md',
    },
    {
      key: 'actions',
      label: intl.formatMessage({ id: 'users.list.actions' }),
      hiddenLabel: true,
      align: 'right',
      render: (row) => <UserActions user={row} />,
      width: 56,
    },
  ];

  return (
    <ListScreen
      noun="users"
      sorts={USER_SORTS}
      defaultSort="name"
      filters={[
        choiceFilter('roleId', intl.formatMessage({ id: 'users.role' }), ROLE_IDS, (id) =>
          intl.formatMessage({ id: `roles.${id}` }),
        ),
        choiceFilter(
          'status',
          intl.formatMessage({ id: 'users.statusLabel' }),
          USER_STATUSES,
          (status) => intl.formatMessage({ id: 'users.status' }, { status }),
          130,
        ),
      ]}
      columns={columns}
      useItems={useListUsersQuery}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.usersExport}
      header={
        organizationId ? (
          <SectionHeader
            title={intl.formatMessage({ id: 'users.list.title' })}
            actions={
              canInvite ? (
                <Button
                  variant="contained"
                  startIcon={<PersonAddAlt1Outlined />}
                  onClick={() => setInviting(true)}
                >
                  <FormattedMessage id="users.list.invite" />
                </Button>
              ) : null
            }
          />
        ) : (
          <PageHeader
            title={intl.formatMessage({ id: 'users.list.title' })}
            subtitle={intl.formatMessage({ id: 'users.list.subtitle' })}
          />
        )
      }
      empty={{
        icon: <PeopleAltOutlined />,
        none: {
          description: intl.formatMessage({ id: 'users.list.empty' }),
        },
        noMatch: { description: intl.formatMessage({ id: 'users.list.noMatch' }) },
      }}
    >
      {canInvite && organization.data ? (
        <InviteUserDialog
          open={inviting}
          organizationId={organization.data.id}
          organizationName={organization.data.name}
          roles={invitableRoles(
            isPlatformAdmin(user?.profile),
            isPlatformOrganization(organization.data),
          )}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </ListScreen>
  );
}
