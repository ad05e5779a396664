import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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
import { ActingChip, AuditTypeChip } from '../components/audit-chips';

type Sort = (typeof AUDIT_SORTS)[number];
type Filter = 'typeId' | 'userId' | 'organizationId' | 'impersonating' | 'from' | 'to';

const chips = { display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' } as const;

/** Who made the entry; `wrap` breaks a long e-mail address anywhere (a phone's narrow cell). */
function Actor({ row, wrap = false }: { row: TAuditEntry; wrap?: boolean }) {
  return (
    <>
      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
        {row.actorName ?? 'System'}
      </Typography>
      {row.actorEmail ? (
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={wrap ? { overflowWrap: 'anywhere' } : undefined}
        >
          {row.actorEmail}
        </Typography>
      ) : null}
    </>
  );
}

function Details({ row }: { row: TAuditEntry }) {
  return (
    <>
      <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {row.summary}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        component="span"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {row.resourceType} {row.resourceId}
      </Typography>
    </>
  );
}

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
    filters: ['typeId', 'userId', 'organizationId', 'impersonating', 'from', 'to'],
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
      hideBelow: 'sm',
    },
    { key: 'actor', label: 'Who', render: (row) => <Actor row={row} />, hideBelow: 'sm' },
    {
      key: 'type',
      label: 'What',
      render: (row) => (
        <Box sx={chips}>
          <AuditTypeChip entry={row} />
          <ActingChip entry={row} />
        </Box>
      ),
      hideBelow: 'sm',
    },
    { key: 'summary', label: 'Details', render: (row) => <Details row={row} />, hideBelow: 'sm' },
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
    {
      // Small screens: the same entry stacked in one cell, nothing off to the side.
      key: 'entry',
      label: 'Entry',
      showBelow: 'sm',
      render: (row) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" component="span">
            {formatDateTime(row.occurredAt)}
            {organizationId ? null : ` · ${row.organizationName ?? 'No organization'}`}
          </Typography>
          <Box component="span">
            <Actor row={row} wrap />
          </Box>
          <Box sx={chips}>
            <AuditTypeChip entry={row} />
            <ActingChip entry={row} />
          </Box>
          <Box component="span">
            <Details row={row} />
          </Box>
        </Box>
      ),
    },
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
              ? 'Every change, sign-in and export on the platform, newest first.'
              : 'Every change, sign-in and export in your organization, newest first.'
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
          <SelectFilter
            label="Acting"
            value={list.filters.impersonating}
            onChange={(value) => list.setFilter('impersonating', value)}
            options={[
              { value: 'true', label: 'Acting in an organization' },
              { value: 'false', label: 'Not acting' },
            ]}
            minWidth={150}
          />
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
