import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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

import { DataTable, type Column } from '../../../components/data-table/data-table';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { UsageBar, usageBar } from '../../../components/display/usage-bar';
import { EmptyState } from '../../../components/feedback/empty-state';
import { useDownloadFile } from '../../../lib/api/download';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { useListParams } from '../../../lib/list/use-list-params';
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
  const downloadFile = useDownloadFile();
  const list = useListParams<PlatformOrganizationSort>({
    sorts: PLATFORM_ORGANIZATION_SORTS,
    defaultSort: 'name',
    prefix: 'org',
  });
  const { data, isLoading, isFetching } = useListPlatformOrganizationsQuery(list.query);

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
    <Card component="section" aria-labelledby="organizations-at-a-glance-title">
      <Typography
        id="organizations-at-a-glance-title"
        variant="h6"
        component="h2"
        sx={{ px: 5, pt: 5 }}
      >
        Organizations
      </Typography>
      <ListToolbar
        searchLabel="Search organizations"
        search={list.search}
        onSearch={list.setSearch}
        onExport={() =>
          downloadFile(API_PATHS.platformOrganizationsExport, list.query, {
            fileName: 'organizations-at-a-glance.csv',
          })
        }
      />
      <DataTable
        label="Organizations at a glance"
        columns={columns}
        rows={data?.items}
        getRowKey={(row) => row.id}
        loading={isLoading || isFetching}
        total={data?.total ?? 0}
        {...list.table}
        empty={
          list.hasCriteria ? (
            <EmptyState
              icon={<ApartmentOutlined />}
              title="No organizations match"
              description="Try another search word."
              action={<Button onClick={list.clearAll}>Clear the search</Button>}
            />
          ) : (
            <EmptyState
              icon={<ApartmentOutlined />}
              title="No organizations yet"
              description="Organizations you create appear here with their awards, contracts and uploads."
            />
          )
        }
      />
    </Card>
  );
}
