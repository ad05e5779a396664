import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import {
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
  type TContractSummary,
} from '@laurel/contract/contracts';
import { accessFor } from '@laurel/contract/permissions';
import { API_PATHS } from '@laurel/contract/paths';

import { useItemHref } from '../../../lib/routing/use-item-href';
import { organizationListRoute } from '../../../lib/routing/organization-list-route';
import { type Column } from '../../../components/data-table/data-table';
import { choiceFilter, ListScreen } from '../../../components/data-table/list-screen';
import { statusLabel, StatusChip } from '../../../components/display/status-chip';
import { PageHeader } from '../../../components/layout/page-header';
import { useCan } from '../../../lib/auth/use-can';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatDate } from '../../../lib/format/format';
import { useListContractsQuery } from '../api/contracts-api';
import { ContractFormDialog } from '../components/contract-form-dialog';

type Sort = (typeof CONTRACT_SORTS)[number];

/** `/contracts` (every organization's, platform admins) and `{organization route}/contracts`. */
export default organizationListRoute('contracts', ContractsList);

function ContractsList({ organizationId }: { organizationId: number | null }) {
  const canDo = useCan();
  const intl = useIntl();
  const profile = useAuth().user?.profile;
  const itemHref = useItemHref();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // Every organization's list: whoever may add contracts to any organization picks one.
  const canCreate =
    organizationId !== null
      ? canDo('create:contract', { organizationId })
      : profile
        ? accessFor(profile.roleId, 'create:contract') === 'any'
        : false;

  const columns: Column<TContractSummary, Sort>[] = [
    {
      key: 'number',
      label: intl.formatMessage({ id: 'contracts.number' }),
      sort: 'number',
      render: (row) => (
        <Link
          component={RouterLink}
          to={itemHref('contracts', row.id, row.organizationId)}
          sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
        >
          {row.number}
        </Link>
      ),
    },
    {
      key: 'name',
      label: intl.formatMessage({ id: 'contracts.name' }),
      sort: 'name',
      render: (row) => row.name,
      hideBelow: 'md',
    },
    ...(organizationId
      ? []
      : [
          {
            key: 'organization',
            label: intl.formatMessage({ id: 'contracts.organization' }),
            sort: 'organization' as const,
            render: (row: TContractSummary) => row.organizationName,
            hideBelow: 'sm' as const,
          },
        ]),
    {
      key: 'status',
      label: intl.formatMessage({ id: 'contracts.status' }),
      sort: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      key: 'startDate',
      label: intl.formatMessage({ id: 'contracts.starts' }),
      sort: 'startDate',
      render: (row) => formatDate(row.startDate),
      hideBelow: 'lg',
    },
    {
      key: 'endDate',
      label: intl.formatMessage({ id: 'contracts.ends' }),
      sort: 'endDate',
      render: (row) => formatDate(row.endDate),
    },
  ];

  const createButton = canCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      <FormattedMessage id="contracts.new" />
    </Button>
  ) : null;

  return (
    <ListScreen
      noun="contracts"
      sorts={CONTRACT_SORTS}
      defaultSort="endDate"
      filters={[
        choiceFilter(
          'status',
          intl.formatMessage({ id: 'contracts.status' }),
          CONTRACT_STATUSES,
          statusLabel,
          130,
        ),
      ]}
      columns={columns}
      useItems={useListContractsQuery}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.contractsExport}
      actions={createButton}
      header={
        organizationId ? (
          <Typography variant="h5" component="h2" sx={{ mb: 4 }}>
            <FormattedMessage id="contracts.title" />
          </Typography>
        ) : (
          <PageHeader
            title={intl.formatMessage({ id: 'contracts.title' })}
            subtitle={intl.formatMessage({ id: 'contracts.list.subtitle' })}
          />
        )
      }
      empty={{
        icon: <DescriptionOutlined />,
        none: {
          description: intl.formatMessage(
            { id: 'contracts.list.empty' },
            { canCreate: String(canCreate) },
          ),
          action: createButton,
        },
      }}
    >
      <ContractFormDialog
        open={creating}
        organizationId={organizationId ?? undefined}
        onClose={() => setCreating(false)}
        onSaved={(contract) =>
          navigate(itemHref('contracts', contract.id, contract.organizationId))
        }
      />
    </ListScreen>
  );
}
