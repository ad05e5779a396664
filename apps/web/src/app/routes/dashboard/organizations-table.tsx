import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import {
  PLATFORM_ORGANIZATION_SORTS,
  type PlatformOrganizationSort,
} from '@laurel/contract/dashboard-constants';
import type { TPlatformOrganization } from '@laurel/contract/dashboard';
import { API_PATHS } from '@laurel/contract/paths';
import type { InsightStatus } from '@laurel/contract/insights';

import { type Column } from '../../../components/data-table/data-table';
import { ListScreen } from '../../../components/data-table/list-screen';
import { UsageBar, usageBar } from '../../../components/display/usage-bar';
import { formatDate, formatNumber } from '../../../lib/format/format';
import type { MessageId } from '../../../lib/i18n/catalogue';
import { getOrganizationHref } from '../../../lib/routing/paths';
import { useListPlatformOrganizationsQuery } from '../../../features/dashboard/api/dashboard-api';
import { formatPercent } from '../../../features/insights/lib/format-insights';
import { UploadStatusChip } from '../../../features/uploads/components/upload-progress';
import { billingLabelText } from '../../../features/contracts/lib/billing-code-text';

const INSIGHTS: Record<
  InsightStatus,
  { label: MessageId; color: 'success' | 'info' | 'default'; title: MessageId }
> = {
  available: {
    label: 'dashboard.organizations.insights.available',
    color: 'success',
    title: 'dashboard.organizations.insights.availableTitle',
  },
  processing: {
    label: 'dashboard.organizations.insights.processing',
    color: 'info',
    title: 'dashboard.organizations.insights.processingTitle',
  },
  unavailable: {
    label: 'dashboard.organizations.insights.unavailable',
    color: 'default',
    title: 'dashboard.organizations.insights.unavailableTitle',
  },
};

const NO_AWARDS: { label: MessageId; color: 'default'; title: MessageId } = {
  label: 'dashboard.organizations.insights.noAwards',
  color: 'default',
  title: 'dashboard.organizations.insights.noAwardsTitle',
};

function ContractUsage({ row }: { row: TPlatformOrganization }) {
  const intl = useIntl();
  const usage = row.contractUsage;
  if (!usage)
    return (
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="dashboard.organizations.noContract" />
      </Typography>
    );
  const { color } = usageBar(usage.used, usage.includedQuantity);
  const line = billingLabelText(intl, usage.billingCodeLabel);
  const numbers = intl.formatMessage(
    { id: 'dashboard.organizations.usedOf' },
    { used: formatNumber(usage.used), included: formatNumber(usage.includedQuantity) },
  );
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, color: color === 'primary' ? 'text.primary' : `${color}.main` }}
      >
        {usage.share === null ? numbers : formatPercent(usage.share)}
        {usage.overIncluded ? intl.formatMessage({ id: 'dashboard.organizations.over' }) : ''}
      </Typography>
      <UsageBar
        used={usage.used}
        included={usage.includedQuantity}
        label={intl.formatMessage(
          { id: 'dashboard.organizations.usageLabel' },
          { contract: usage.number, billingCode: line, numbers },
        )}
        sx={{ my: 1 }}
      />
      <Typography variant="body2" color="text.secondary" noWrap title={line}>
        {line}
      </Typography>
    </Box>
  );
}

/**
 * Every organization at a glance for platform admins: awards, match rate, insights, contract
 * usage this period and the last upload; sortable by each, searchable, exportable as CSV.
 */
export function OrganizationsTable() {
  const intl = useIntl();
  const columns: Column<TPlatformOrganization, PlatformOrganizationSort>[] = [
    {
      key: 'name',
      label: intl.formatMessage({ id: 'dashboard.organizations.organization' }),
      sort: 'name',
      render: (row) => (
        <Link
          component={RouterLink}
          to={getOrganizationHref(row.id, { admin: true })}
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'awards',
      label: intl.formatMessage({ id: 'dashboard.organizations.awards' }),
      sort: 'awards',
      align: 'right',
      render: (row) => formatNumber(row.awards),
      hideBelow: 'sm',
    },
    {
      key: 'matchRate',
      label: intl.formatMessage({ id: 'dashboard.organizations.matchRate' }),
      sort: 'matchRate',
      align: 'right',
      render: (row) => (row.matchRate === null ? '—' : formatPercent(row.matchRate)),
      hideBelow: 'md',
    },
    {
      key: 'insights',
      label: intl.formatMessage({ id: 'dashboard.organizations.insights' }),
      sort: 'insightsStatus',
      render: (row) => {
        // Nothing uploaded, nothing to show: "available" would promise figures that do not exist
        // (the platform's own organization has no awards at all).
        const status =
          row.awards === 0 && row.insightsStatus !== 'unavailable'
            ? NO_AWARDS
            : INSIGHTS[row.insightsStatus];
        return (
          <Chip
            size="small"
            variant="outlined"
            color={status.color}
            label={intl.formatMessage({ id: status.label })}
            title={intl.formatMessage({ id: status.title })}
            sx={{ fontWeight: 700 }}
          />
        );
      },
    },
    {
      key: 'contractUsage',
      label: intl.formatMessage({ id: 'dashboard.organizations.contractUsage' }),
      sort: 'contractUsage',
      render: (row) => <ContractUsage row={row} />,
      hideBelow: 'sm',
      width: 220,
    },
    {
      key: 'lastUpload',
      label: intl.formatMessage({ id: 'dashboard.organizations.lastUpload' }),
      sort: 'lastUpload',
      render: (row) =>
        row.lastUpload ? (
          <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(row.lastUpload.createdAt)}
            </Typography>
            <UploadStatusChip status={row.lastUpload.status} />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="dashboard.organizations.noUpload" />
          </Typography>
        ),
      hideBelow: 'md',
    },
  ];

  return (
    <ListScreen
      noun="organizations"
      label={intl.formatMessage({ id: 'dashboard.organizations.label' })}
      sorts={PLATFORM_ORGANIZATION_SORTS}
      defaultSort="name"
      prefix="org"
      columns={columns}
      useItems={useListPlatformOrganizationsQuery}
      exportPath={API_PATHS.platformOrganizationsExport}
      exportFileName="organizations-at-a-glance.csv"
      card={{ component: 'section', 'aria-labelledby': 'organizations-at-a-glance-title' }}
      heading={
        <Typography
          id="organizations-at-a-glance-title"
          variant="h6"
          component="h2"
          sx={{ px: 5, pt: 5 }}
        >
          <FormattedMessage id="dashboard.organizations.title" />
        </Typography>
      }
      empty={{
        icon: <ApartmentOutlined />,
        none: {
          description: intl.formatMessage({ id: 'dashboard.organizations.none' }),
        },
        noMatch: {
          description: intl.formatMessage({ id: 'dashboard.organizations.noMatch' }),
          clearLabel: intl.formatMessage({ id: 'dashboard.organizations.clearSearch' }),
        },
      }}
    />
  );
}
