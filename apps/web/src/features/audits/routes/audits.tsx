import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AUDIT_SORTS, type TAuditEntry } from '@laurel/contract/audits';
import { accessFor } from '@laurel/contract/permissions';
import { API_PATHS } from '@laurel/contract/paths';

import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { DataTable, type Column } from '../../../components/data-table/data-table';
import { ListToolbar, SelectFilter } from '../../../components/data-table/list-toolbar';
import { TruncatedText } from '../../../components/display/truncated-text';
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
/** The wide table's chips: one line, the acting chip cut short rather than wrapped. */
const chipsInLine = { display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 } as const;

const detailId = (row: TAuditEntry) => `audit-entry-${row.id}-detail`;
const whoTitle = (row: TAuditEntry) =>
  row.actorEmail ? `${row.actorName ?? 'System'} <${row.actorEmail}>` : (row.actorName ?? 'System');

/**
 * Who made the entry, on one line: the name, then the e-mail address, cut short with an ellipsis
 * (never broken inside the address) and whole on hover or focus.
 */
function Actor({ row }: { row: TAuditEntry }) {
  return (
    <TruncatedText title={whoTitle(row)} focusable={Boolean(row.actorEmail)}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {row.actorName ?? 'System'}
      </Box>
      {row.actorEmail ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          {row.actorEmail}
        </Box>
      ) : null}
    </TruncatedText>
  );
}

/** Opens and closes an entry's detail row. */
function DetailToggle({
  row,
  open,
  onToggle,
}: {
  row: TAuditEntry;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <IconButton
      size="small"
      aria-expanded={open}
      aria-controls={open ? detailId(row) : undefined}
      aria-label={`Details of ${row.typeName} at ${formatDateTime(row.occurredAt)}`}
      onClick={onToggle}
      sx={{ my: -1, ml: -1 }}
    >
      <ExpandMoreOutlined
        fontSize="small"
        sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
      />
    </IconButton>
  );
}

/** An entry's detail, shown on demand: what the row cuts short, and what it leaves out. */
function EntryDetail({ row, showOrganization }: { row: TAuditEntry; showOrganization: boolean }) {
  const items: { label: string; value: ReactNode }[] = [
    { label: 'Time', value: formatDateTime(row.occurredAt) },
    { label: 'Who', value: <TruncatedText title={whoTitle(row)} /> },
    ...(showOrganization || row.impersonating
      ? [{ label: 'Organization', value: row.organizationName ?? 'No organization' }]
      : []),
    { label: 'Resource', value: `${row.resourceType} ${row.resourceId}` },
    { label: 'IP address', value: row.ipAddress ?? '—' },
    { label: 'Request id', value: row.requestId ?? '—' },
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        py: 2,
        px: 3,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'grid',
        columnGap: 4,
        rowGap: 1,
        gridTemplateColumns: {
          xs: 'max-content minmax(0, 1fr)',
          md: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
        },
      }}
    >
      {/* A narrow screen's row shows the summary whole already; a wide one cuts it short. */}
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ display: { xs: 'none', md: 'block' } }}
      >
        Summary
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          display: { xs: 'none', md: 'block' },
          gridColumn: { md: '2 / -1' },
          overflowWrap: 'break-word',
        }}
      >
        {row.summary}
      </Typography>
      {items.map((item) => (
        <Fragment key={item.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'break-word' }}>
            {item.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
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
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());

  // The organization is a column only where it changes from row to row: a platform admin's
  // list of every organization.
  const showOrganization = seesAll && !organizationId;
  const toggle = (id: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleOf = (row: TAuditEntry) => (
    <DetailToggle row={row} open={open.has(row.id)} onToggle={() => toggle(row.id)} />
  );

  const columns: Column<TAuditEntry, Sort>[] = [
    {
      key: 'occurredAt',
      label: 'When',
      sort: 'occurredAt',
      width: 200,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
          {toggleOf(row)}
          {formatDateTime(row.occurredAt)}
        </Box>
      ),
      hideBelow: 'md',
    },
    {
      key: 'actor',
      label: 'Who',
      width: '26%',
      render: (row) => <Actor row={row} />,
      hideBelow: 'md',
    },
    {
      key: 'type',
      label: 'What',
      width: 200,
      render: (row) => (
        <Box sx={chipsInLine}>
          <AuditTypeChip entry={row} />
          <ActingChip entry={row} />
        </Box>
      ),
      hideBelow: 'md',
    },
    {
      key: 'summary',
      label: 'Details',
      render: (row) => <TruncatedText title={row.summary} />,
      hideBelow: 'md',
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: 'Organization',
            width: 180,
            render: (row: TAuditEntry) => <TruncatedText title={row.organizationName ?? '—'} />,
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      // Narrow screens: the same entry stacked in one cell, nothing off to the side.
      key: 'entry',
      label: 'Entry',
      showBelow: 'md',
      render: (row) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <Typography
              variant="body2"
              color="text.secondary"
              component="span"
              sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}
            >
              {formatDateTime(row.occurredAt)}
              {showOrganization ? ` · ${row.organizationName ?? 'No organization'}` : null}
            </Typography>
            {toggleOf(row)}
          </Box>
          <Actor row={row} />
          <Box sx={chips}>
            <AuditTypeChip entry={row} />
            <ActingChip entry={row} wrap />
          </Box>
          <Typography component="span" sx={{ overflowWrap: 'break-word' }}>
            {row.summary}
          </Typography>
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
          size="small"
          fixedLayoutFrom="md"
          renderDetail={(row) =>
            open.has(row.id) ? <EntryDetail row={row} showOrganization={showOrganization} /> : null
          }
          getDetailId={detailId}
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
