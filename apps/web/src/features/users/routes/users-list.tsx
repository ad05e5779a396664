import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { USER_STATUSES, USER_STATUS_LABELS } from '@laurel/contract/invitations';
import {
  ROLE_IDS,
  ROLE_LABELS,
  isPlatformAdmin,
  isPlatformOrganization,
} from '@laurel/contract/roles';
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
      label: 'Name',
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
    { key: 'email', label: 'E-mail', sort: 'email', render: (row) => row.email, hideBelow: 'md' },
    ...(organizationId
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (row: TUserSummary) => row.organizationName,
            hideBelow: 'lg' as const,
          },
        ]),
    {
      key: 'role',
      label: 'Role',
      sort: 'role',
      render: (row) => <RoleChip roleId={row.roleId} />,
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: 'Status',
      render: (row) => <UserStatusChip status={row.status} />,
      hideBelow: 'sm',
    },
    {
      key: 'lastLoginAt',
      label: 'Last sign-in',
      sort: 'lastLoginAt',
      render: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : 'Never'),
      hideBelow: 'md',
    },
    {
      key: 'actions',
      label: 'Actions',
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
        choiceFilter('roleId', 'Role', ROLE_IDS, (id) => ROLE_LABELS[id]),
        choiceFilter('status', 'Status', USER_STATUSES, (value) => USER_STATUS_LABELS[value], 130),
      ]}
      columns={columns}
      useItems={useListUsersQuery}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.usersExport}
      header={
        organizationId ? (
          <SectionHeader
            title="Users"
            actions={
              canInvite ? (
                <Button
                  variant="contained"
                  startIcon={<PersonAddAlt1Outlined />}
                  onClick={() => setInviting(true)}
                >
                  Invite user
                </Button>
              ) : null
            }
          />
        ) : (
          <PageHeader
            title="Users"
            subtitle="People of every organization, their roles and whether they can sign in."
          />
        )
      }
      empty={{
        icon: <PeopleAltOutlined />,
        none: {
          description: 'People appear here once they are invited and accept their invitation.',
        },
        noMatch: { description: 'Try another name or e-mail address, or clear the filters.' },
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
