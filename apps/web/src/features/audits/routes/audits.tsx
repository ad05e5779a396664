import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AUDIT_SORTS, type TAuditEntry } from '@laurel/contract/audits';
import { accessFor } from '@laurel/contract/permissions';
import { API_PATHS } from '@laurel/contract/paths';

import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { DataTable, type Column } from '../../../components/data-table/data-table';
import { ListToolbar, SelectFilter } from '../../../components/data-table/list-toolbar';
import { EmptyState } from '../../../components/feedback/empty-state';
import { OrganizationFilter } from '../../../components/forms/organization-picker';
import { UserFilter } from '../../../components/forms/user-picker';
import { NoAccess } from '../../../components/feedback/no-access';
import { PageHeader } from '../../../components/layout/page-header';
import { useDownloadFile } from '../../../lib/api/download';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/format/format';
import { useListParams } from '../../../lib/list/use-list-params';
import { useLookup } from '../../../lib/lookups/lookups-api';
import { useListAuditsQuery } from '../api/audits-api';

type Sort = (typeof AUDIT_SORTS)[number];
type Filter = 'typeId' | 'userId' | 'organizationId' | 'from' | 'to';

/** `/audits` and `{organization route}/audits`: who changed what, and when (admins). */
export default function AuditsRoute() {
  const { organizationId } = useOrganizationRoute();
  const canDo = useCan();
  const allowed = organizationId ? canDo('read:audit', { organizationId }) : canDo('read:audit');
  if (!allowed) return <NoAccess />;
  return <Audits organizationId={organizationId} />;
}

function Audits({ organizationId }: { organizationId: number | null }) {
  const downloadFile = useDownloadFile();
  const { user } = useAuth();
  const profile = user?.profile;
  const seesAll = profile ? accessFor(profile.roleId, 'read:audit') === 'any' : false;
  const list = useListParams<Sort, Filter>({
    sorts: AUDIT_SORTS,
    defaultSort: 'occurredAt',
    defaultOrder: 'desc',
    filters: ['typeId', 'userId', 'organizationId', 'from', 'to'],
  });
  const scopeId =
    organizationId ??
    (list.filters.organizationId ? Number(list.filters.organizationId) : undefined);
  const query = organizationId ? { ...list.query, organizationId } : list.query;
  const { data, isLoading, isFetching } = useListAuditsQuery(query);
  const types = useLookup('auditTypes');

  const columns: Column<TAuditEntry, Sort>[] = [
    {
      key: 'occurredAt',
      label: 'When',
      sort: 'occurredAt',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.occurredAt)}
        </Box>
      ),
    },
    {
      key: 'actor',
      label: 'Who',
      render: (row) => (
        <>
          <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
            {row.actorName ?? 'System'}
          </Typography>
          {row.actorEmail ? (
            <Typography variant="body2" color="text.secondary" component="span">
              {row.actorEmail}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'type',
      label: 'What',
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" label={row.typeName} variant="outlined" />
          {row.impersonating ? (
            <Chip size="small" color="warning" label="Acting as platform admin" />
          ) : null}
        </Box>
      ),
    },
    {
      key: 'summary',
      label: 'Details',
      render: (row) => (
        <>
          <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {row.summary}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {row.resourceType} {row.resourceId}
          </Typography>
        </>
      ),
      hideBelow: 'sm',
    },
    ...(organizationId
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (row: TAuditEntry) => row.organizationName ?? '—',
            hideBelow: 'lg' as const,
          },
        ]),
    { key: 'ip', label: 'IP address', render: (row) => row.ipAddress ?? '—', hideBelow: 'lg' },
  ];

  const dateField = (name: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      fullWidth={false}
      type="date"
      label={label}
      value={list.filters[name] ?? ''}
      onChange={(event) => list.setFilter(name, event.target.value || null)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
    />
  );

  return (
    <>
      {organizationId ? (
        <Typography variant="h5" component="h2" sx={{ mb: 4 }}>
          Audit trail
        </Typography>
      ) : (
        <PageHeader
          title="Audits"
          subtitle={
            seesAll
              ? 'Every change and export on the platform, newest first.'
              : 'Every change and export in your organization, newest first.'
          }
        />
      )}
      <Card>
        <ListToolbar
          searchLabel="Search audit entries"
          search={list.search}
          onSearch={list.setSearch}
          onExport={() => downloadFile(API_PATHS.auditsExport, query, { fileName: 'audits.csv' })}
        >
          <SelectFilter
            label="Type"
            value={list.filters.typeId}
            onChange={(value) => list.setFilter('typeId', value)}
            options={types.data.map((type) => ({ value: String(type.id), label: type.name }))}
            minWidth={140}
          />
          <UserFilter
            label="User"
            value={list.filters.userId}
            onChange={(value) => list.setFilter('userId', value)}
            organizationId={scopeId}
          />
          {seesAll && !organizationId ? (
            <OrganizationFilter
              value={list.filters.organizationId}
              onChange={(value) => list.setFilter('organizationId', value)}
            />
          ) : null}
          {dateField('from', 'From')}
          {dateField('to', 'To')}
        </ListToolbar>
        <DataTable
          label="Audit entries"
          columns={columns}
          rows={data?.items}
          getRowKey={(row) => row.id}
          loading={isLoading || isFetching}
          total={data?.total ?? 0}
          {...list.table}
          empty={
            list.hasCriteria ? (
              <EmptyState
                icon={<FactCheckOutlined />}
                title="No entries match"
                description="Widen the date range or clear the filters."
                action={<Button onClick={list.clearAll}>Clear search and filters</Button>}
              />
            ) : (
              <EmptyState
                icon={<FactCheckOutlined />}
                title="Nothing recorded yet"
                description="Changes, sign-ins and exports appear here as they happen."
              />
            )
          }
        />
      </Card>
    </>
  );
}
