import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import {
  ORGANIZATION_SORTS,
  ORGANIZATION_STATUSES,
  type TOrganizationSummary,
} from '@laurel/contract/organizations';
import { LOGIN_MODE_LABELS } from '@laurel/contract/constants';
import { isPlatformAdmin } from '@laurel/contract/roles';
import { API_PATHS } from '@laurel/contract/paths';

import { getOrganizationHref } from '../../../lib/routing/paths';
import { type Column } from '../../../components/data-table/data-table';
import { choiceFilter, lookupFilter, ListScreen } from '../../../components/data-table/list-screen';
import { statusLabel, StatusChip } from '../../../components/display/status-chip';
import { PageHeader } from '../../../components/layout/page-header';
import { useCan } from '../../../lib/auth/use-can';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { useLookup } from '../../../lib/lookups/lookups-api';
import { useListOrganizationsQuery } from '../../../lib/api/organization-api';
import { OrganizationFormDialog } from '../components/organization-form-dialog';

type Sort = (typeof ORGANIZATION_SORTS)[number];

/** `/organizations`: every organization, for platform admins; others open their own. */
export default function OrganizationsListRoute() {
  const { user } = useAuth();
  const profile = user?.profile;
  if (profile && !isPlatformAdmin(profile))
    return <Navigate to={getOrganizationHref(profile.organizationId)} replace />;
  return <OrganizationsList />;
}

function OrganizationsList() {
  const canDo = useCan();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const types = useLookup('organizationTypes');

  const columns: Column<TOrganizationSummary, Sort>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      render: (row) => (
        <Link
          component={RouterLink}
          to={getOrganizationHref(row.id, { admin: true })}
          sx={{ fontWeight: 700 }}
        >
          {row.name}
        </Link>
      ),
    },
    { key: 'type', label: 'Type', sort: 'type', render: (row) => row.typeName, hideBelow: 'sm' },
    {
      key: 'location',
      label: 'Location',
      render: (row) => [row.city, row.state].filter(Boolean).join(', ') || '—',
      hideBelow: 'md',
    },
    {
      key: 'login',
      label: 'Sign-in',
      render: (row) => LOGIN_MODE_LABELS[row.loginMode],
      hideBelow: 'lg',
    },
    {
      key: 'users',
      label: 'Users',
      align: 'right',
      render: (row) => formatNumber(row.userCount),
      hideBelow: 'md',
    },
    {
      key: 'credentials',
      label: 'Credentials',
      align: 'right',
      render: (row) => formatNumber(row.credentialCount),
      hideBelow: 'md',
    },
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'createdAt',
      label: 'Created',
      sort: 'createdAt',
      render: (row) => formatDate(row.createdAt),
      hideBelow: 'lg',
    },
  ];

  return (
    <ListScreen
      noun="organizations"
      sorts={ORGANIZATION_SORTS}
      defaultSort="name"
      filters={[
        lookupFilter('typeId', 'Type', types.data),
        choiceFilter('status', 'Status', ORGANIZATION_STATUSES, statusLabel, 120),
      ]}
      columns={columns}
      useItems={useListOrganizationsQuery}
      exportPath={API_PATHS.organizationsExport}
      header={
        <PageHeader
          title="Organizations"
          subtitle="Every organization on the platform. Open one to see its credentials, users and contracts."
          actions={
            canDo('create:organization') ? (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setCreating(true)}
              >
                New organization
              </Button>
            ) : null
          }
        />
      }
      empty={{
        icon: <ApartmentOutlined />,
        none: {
          description:
            'Create the first organization to invite its people and add its credentials.',
        },
        noMatch: {
          description: 'Try another search word, or clear the filters to see every organization.',
        },
      }}
    >
      <OrganizationFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(organization) => navigate(getOrganizationHref(organization.id, { admin: true }))}
      />
    </ListScreen>
  );
}
