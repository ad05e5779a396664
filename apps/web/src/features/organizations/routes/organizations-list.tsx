import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import Link from '@mui/material/Link';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import {
  ORGANIZATION_SORTS,
  ORGANIZATION_STATUSES,
  type TOrganizationSummary,
} from '@laurel/contract/organizations';
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

/** Shown for an empty value, the same in every language. */
const NO_VALUE = '—';

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
  const intl = useIntl();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const types = useLookup('organizationTypes');

  const columns: Column<TOrganizationSummary, Sort>[] = [
    {
      key: 'name',
      label: intl.formatMessage({ id: 'organizations.name' }),
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
    {
      key: 'type',
      label: intl.formatMessage({ id: 'organizations.type' }),
      sort: 'type',
      render: (row) => row.typeName,
      hideBelow: 'sm',
    },
    {
      key: 'location',
      label: intl.formatMessage({ id: 'organizations.location' }),
      render: (row) => [row.city, row.state].filter(Boolean).join(', ') || NO_VALUE,
      hideBelow: 'md',
    },
    {
      key: 'login',
      label: intl.formatMessage({ id: 'organizations.signIn' }),
      render: (row) =>
        intl.formatMessage({ id: 'organizations.loginMode' }, { mode: row.loginMode }),
      hideBelow: 'lg',
    },
    {
      key: 'users',
      label: intl.formatMessage({ id: 'nav.users' }),
      align: 'right',
      render: (row) => formatNumber(row.userCount),
      hideBelow: 'md',
    },
    {
      key: 'credentials',
      label: intl.formatMessage({ id: 'nav.credentials' }),
      align: 'right',
      render: (row) => formatNumber(row.credentialCount),
      hideBelow: 'md',
    },
    {
      key: 'status',
      label: intl.formatMessage({ id: 'organizations.status' }),
      sort: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'createdAt',
      label: intl.formatMessage({ id: 'organizations.created' }),
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
        lookupFilter('typeId', intl.formatMessage({ id: 'organizations.type' }), types.data),
        choiceFilter(
          'status',
          intl.formatMessage({ id: 'organizations.status' }),
          ORGANIZATION_STATUSES,
          statusLabel,
          120,
        ),
      ]}
      columns={columns}
      useItems={useListOrganizationsQuery}
      exportPath={API_PATHS.organizationsExport}
      header={
        <PageHeader
          title={intl.formatMessage({ id: 'organizations.list.title' })}
          subtitle={intl.formatMessage({ id: 'organizations.list.subtitle' })}
          actions={
            canDo('create:organization') ? (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setCreating(true)}
              >
                <FormattedMessage id="organizations.new" />
              </Button>
            ) : null
          }
        />
      }
      empty={{
        icon: <ApartmentOutlined />,
        none: {
          description: intl.formatMessage({ id: 'organizations.list.empty' }),
        },
        noMatch: {
          description: intl.formatMessage({ id: 'organizations.list.noMatch' }),
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
