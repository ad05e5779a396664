import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  CREDENTIAL_SORTS,
  CREDENTIAL_STATUSES,
  type TCredentialSummary,
} from '@laurel/contract/credentials';
import { API_PATHS } from '@laurel/contract/paths';

import { useItemHref } from '../../../lib/routing/use-item-href';
import { organizationListRoute } from '../../../lib/routing/organization-list-route';
import { type Column } from '../../../components/data-table/data-table';
import { choiceFilter, lookupFilter, ListScreen } from '../../../components/data-table/list-screen';
import { statusLabel, StatusChip } from '../../../components/display/status-chip';
import { PageHeader } from '../../../components/layout/page-header';
import { useCan } from '../../../lib/auth/use-can';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { useLookup } from '../../../lib/lookups/lookups-api';
import { useListCredentialsQuery } from '../api/credentials-api';
import { CredentialFormDialog } from '../components/credential-form-dialog';

type Sort = (typeof CREDENTIAL_SORTS)[number];

/** `/credentials` (every organization's, platform admins) and `{organization route}/credentials`. */
export default organizationListRoute('credentials', CredentialsList);

function CredentialsList({ organizationId }: { organizationId: number | null }) {
  const canDo = useCan();
  const intl = useIntl();
  const itemHref = useItemHref();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const types = useLookup('credentialTypes');
  const canCreate = organizationId
    ? canDo('create:credential', { organizationId })
    : canDo('create:credential') && isPlatformAdminAccess(canDo);

  const columns: Column<TCredentialSummary, Sort>[] = [
    {
      key: 'name',
      label: intl.formatMessage({ id: 'credentials.name' }),
      sort: 'name',
      render: (row) => (
        <Link
          component={RouterLink}
          to={itemHref('credentials', row.id, row.organizationId)}
          sx={{ fontWeight: 700 }}
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'code',
      label: intl.formatMessage({ id: 'credentials.code' }),
      sort: 'code',
      render: (row) => row.code,
      hideBelow: 'md',
    },
    ...(organizationId
      ? []
      : [
          {
            key: 'organization',
            label: intl.formatMessage({ id: 'credentials.organization' }),
            sort: 'organization' as const,
            render: (row: TCredentialSummary) => row.organizationName,
            hideBelow: 'sm' as const,
          },
        ]),
    {
      key: 'type',
      label: intl.formatMessage({ id: 'credentials.type' }),
      sort: 'type',
      render: (row) => row.typeName,
      hideBelow: 'md',
    },
    {
      key: 'awards',
      label: intl.formatMessage({ id: 'credentials.awards' }),
      align: 'right',
      render: (row) => formatNumber(row.awardCount),
    },
    {
      key: 'status',
      label: intl.formatMessage({ id: 'credentials.status' }),
      sort: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'updatedAt',
      label: intl.formatMessage({ id: 'credentials.updated' }),
      sort: 'updatedAt',
      render: (row) => formatDate(row.updatedAt),
      hideBelow: 'lg',
    },
  ];

  const createButton = canCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      <FormattedMessage id="credentials.new" />
    </Button>
  ) : null;

  return (
    <ListScreen
      noun="credentials"
      sorts={CREDENTIAL_SORTS}
      defaultSort="name"
      filters={[
        lookupFilter('typeId', intl.formatMessage({ id: 'credentials.type' }), types.data),
        choiceFilter(
          'status',
          intl.formatMessage({ id: 'credentials.status' }),
          CREDENTIAL_STATUSES,
          statusLabel,
          120,
        ),
      ]}
      columns={columns}
      useItems={useListCredentialsQuery}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.credentialsExport}
      actions={organizationId ? createButton : null}
      header={
        organizationId ? (
          <Typography variant="h5" component="h2" sx={{ mb: 4 }}>
            <FormattedMessage id="credentials.title" />
          </Typography>
        ) : (
          <PageHeader
            title={intl.formatMessage({ id: 'credentials.title' })}
            subtitle={intl.formatMessage({ id: 'credentials.list.subtitle' })}
            actions={createButton}
          />
        )
      }
      empty={{
        icon: <WorkspacePremiumOutlined />,
        none: {
          description: intl.formatMessage(
            { id: 'credentials.list.empty' },
            { canCreate: String(canCreate) },
          ),
          action: createButton,
        },
      }}
    >
      <CredentialFormDialog
        open={creating}
        organizationId={organizationId}
        onClose={() => setCreating(false)}
        onSaved={(credential) =>
          navigate(itemHref('credentials', credential.id, credential.organizationId))
        }
      />
    </ListScreen>
  );
}

/** Creating outside an organization route means choosing any organization. */
function isPlatformAdminAccess(canDo: ReturnType<typeof useCan>): boolean {
  return canDo('create:credential', { organizationId: -1 });
}
