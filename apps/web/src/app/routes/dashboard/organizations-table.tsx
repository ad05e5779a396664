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
import { getOrganizationHref } from '../../../lib/routing/paths';
import { useListPlatformOrganizationsQuery } from '../../../features/dashboard/api/dashboard-api';
import { formatPercent } from '../../../features/insights/lib/format-insights';
import { UploadStatusChip } from '../../../features/uploads/components/upload-progress';

const INSIGHTS: Record<
  InsightStatus,
  { label: string; color: 'success' | 'info' | 'default'; title: string }
> = {
  available: {
    label: 'Available',
    color: 'success',
    title: 'The insight figures are up to date',
  },
  processing: {
    label: 'Processing',
    color: 'info',
    title: 'Awards are being matched or the figures rebuilt',
  },
  unavailable: {
    label: 'Not included',
    color: 'default',
    title: 'No earnings entitlement: awards are neither matched nor billed',
  },
};

const NO_AWARDS = {
  label: 'No awards yet',
  color: 'default',
  title: 'Insights appear once awards are uploaded and matched',
} as const;

function ContractUsage({ row }: { row: TPlatformOrganization }) {
  const usage = row.contractUsage;
  if (!usage)
    return (
      <Typography variant="body2" color="text.secondary">
        No current contract
      </Typography>
    );
  const { color } = usageBar(usage.used, usage.includedQuantity);
  const numbers = `${formatNumber(usage.used)} of ${formatNumber(usage.includedQuantity)}`;
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, color: color === 'primary' ? 'text.primary' : `${color}.main` }}
      >
        {usage.share === null ? numbers : formatPercent(usage.share)}
        {usage.overIncluded ? ' · over' : ''}
      </Typography>
      <UsageBar
        used={usage.used}
        included={usage.includedQuantity}
        label={`${usage.number}, ${usage.billingCodeLabel}: ${numbers} used`}
        sx={{ my: 1 }}
      />
      <Typography variant="body2" color="text.secondary" noWrap title={usage.billingCodeLabel}>
        {usage.billingCodeLabel}
      </Typography>
    </Box>
  );
}

/**
 * Every organization at a glance for platform admins: awards, match rate, insights, contract
 * usage this period and the last upload; sortable by each, searchable, exportable as CSV.
 */
export function OrganizationsTable() {
  const columns: Column<TPlatformOrganization, PlatformOrganizationSort>[] = [
    {
      key: 'name',
      label: 'Organization',
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
      label: 'Awards',
      sort: 'awards',
      align: 'right',
      render: (row) => formatNumber(row.awards),
      hideBelow: 'sm',
    },
    {
      key: 'matchRate',
      label: 'Match rate',
      sort: 'matchRate',
      align: 'right',
      render: (row) => (row.matchRate === null ? '—' : formatPercent(row.matchRate)),
      hideBelow: 'md',
    },
    {
      key: 'insights',
      label: 'Insights',
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
            label={status.label}
            title={status.title}
            sx={{ fontWeight: 700 }}
          />
        );
      },
    },
    {
      key: 'contractUsage',
      label: 'Contract usage',
      sort: 'contractUsage',
      render: (row) => <ContractUsage row={row} />,
      hideBelow: 'sm',
      width: 220,
    },
    {
      key: 'lastUpload',
      label: 'Last upload',
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
            None yet
          </Typography>
        ),
      hideBelow: 'md',
    },
  ];

  return (
    <ListScreen
      noun="organizations"
      label="Organizations at a glance"
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
          Organizations
        </Typography>
      }
      empty={{
        icon: <ApartmentOutlined />,
        none: {
          description:
            'Organizations you create appear here with their awards, contracts and uploads.',
        },
        noMatch: { description: 'Try another search word.', clearLabel: 'Clear the search' },
      }}
    />
  );
}
