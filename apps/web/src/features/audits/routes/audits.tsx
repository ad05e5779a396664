import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AUDIT_SORTS, type TAuditEntry } from '@laurel/contract/audits';
import { accessFor } from '@laurel/contract/permissions';
import { API_PATHS } from '@laurel/contract/paths';

import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { type Column } from '../../../components/data-table/data-table';
import { lookupFilter, ListScreen } from '../../../components/data-table/list-screen';
import { TruncatedText } from '../../../components/display/truncated-text';
import { OrganizationFilter } from '../../../components/forms/organization-picker';
import { UserFilter } from '../../../components/forms/user-picker';
import { NoAccess } from '../../../components/feedback/no-access';
import { PageHeader } from '../../../components/layout/page-header';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/format/format';
import { useLookup } from '../../../lib/lookups/lookups-api';
import { useListAuditsQuery } from '../api/audits-api';
import { ActingChip, AuditTypeChip } from '../components/audit-chips';

type Sort = (typeof AUDIT_SORTS)[number];

const chips = { display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' } as const;
/** The wide table's chips: one line, the acting chip cut short rather than wrapped. */
const chipsInLine = { display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 } as const;

/** Punctuation, the same in every language. */
const SPACE = ' ';
const NO_VALUE = '—';
const SEPARATOR = ' · ';

const detailId = (row: TAuditEntry) => `audit-entry-${row.id}-detail`;
const whoTitle = (row: TAuditEntry, system: string) =>
  row.actorEmail ? `${row.actorName ?? system} <${row.actorEmail}>` : (row.actorName ?? system);

/**
 * Who made the entry, on one line: the name, then the e-mail address, cut short with an ellipsis
 * (never broken inside the address) and whole on hover or focus.
 */
function Actor({ row }: { row: TAuditEntry }) {
  const intl = useIntl();
  const system = intl.formatMessage({ id: 'audits.system' });
  return (
    <TruncatedText title={whoTitle(row, system)} focusable={Boolean(row.actorEmail)}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {row.actorName ?? system}
      </Box>
      {row.actorEmail ? (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {SPACE}
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
  const intl = useIntl();
  return (
    <IconButton
      size="small"
      aria-expanded={open}
      aria-controls={open ? detailId(row) : undefined}
      aria-label={intl.formatMessage(
        { id: 'audits.detailsOf' },
        { type: row.typeName, time: formatDateTime(row.occurredAt) },
      )}
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
  const intl = useIntl();
  const system = intl.formatMessage({ id: 'audits.system' });
  const items: { label: string; value: ReactNode }[] = [
    { label: intl.formatMessage({ id: 'audits.time' }), value: formatDateTime(row.occurredAt) },
    {
      label: intl.formatMessage({ id: 'audits.who' }),
      value: <TruncatedText title={whoTitle(row, system)} />,
    },
    ...(showOrganization || row.impersonating
      ? [
          {
            label: intl.formatMessage({ id: 'audits.organization' }),
            value: row.organizationName ?? intl.formatMessage({ id: 'audits.noOrganization' }),
          },
        ]
      : []),
    {
      label: intl.formatMessage({ id: 'audits.resource' }),
      value: `${row.resourceType} ${row.resourceId}`,
    },
    { label: intl.formatMessage({ id: 'audits.ipAddress' }), value: row.ipAddress ?? NO_VALUE },
    { label: intl.formatMessage({ id: 'audits.requestId' }), value: row.requestId ?? NO_VALUE },
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
        <FormattedMessage id="audits.summary" />
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
  const { user } = useAuth();
  const intl = useIntl();
  const profile = user?.profile;
  const seesAll = profile ? accessFor(profile.roleId, 'read:audit') === 'any' : false;
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
      label: intl.formatMessage({ id: 'audits.when' }),
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
      label: intl.formatMessage({ id: 'audits.who' }),
      width: '26%',
      render: (row) => <Actor row={row} />,
      hideBelow: 'md',
    },
    {
      key: 'type',
      label: intl.formatMessage({ id: 'audits.what' }),
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
      label: intl.formatMessage({ id: 'audits.details' }),
      render: (row) => <TruncatedText title={row.summary} />,
      hideBelow: 'md',
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: intl.formatMessage({ id: 'audits.organization' }),
            width: 180,
            render: (row: TAuditEntry) => (
              <TruncatedText title={row.organizationName ?? NO_VALUE} />
            ),
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      // Narrow screens: the same entry stacked in one cell, nothing off to the side.
      key: 'entry',
      label: intl.formatMessage({ id: 'audits.entry' }),
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
              {showOrganization ? SEPARATOR : null}
              {showOrganization
                ? (row.organizationName ?? intl.formatMessage({ id: 'audits.noOrganization' }))
                : null}
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

  const dateField =
    (label: string) => (value: string | undefined, onChange: (value: string | null) => void) => (
      <TextField
        size="small"
        fullWidth={false}
        type="date"
        label={label}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      />
    );

  return (
    <ListScreen
      noun="auditEntries"
      sorts={AUDIT_SORTS}
      defaultSort="occurredAt"
      defaultOrder="desc"
      filters={[
        lookupFilter('typeId', intl.formatMessage({ id: 'audits.type' }), types.data, 140),
        {
          name: 'userId',
          render: (value, onChange, filters) => (
            <UserFilter
              label={intl.formatMessage({ id: 'audits.user' })}
              value={value}
              onChange={onChange}
              organizationId={
                organizationId ??
                (filters.organizationId ? Number(filters.organizationId) : undefined)
              }
            />
          ),
        },
        {
          name: 'organizationId',
          hidden: !seesAll || organizationId !== null,
          render: (value, onChange) => <OrganizationFilter value={value} onChange={onChange} />,
        },
        {
          name: 'impersonating',
          label: intl.formatMessage({ id: 'audits.actingFilter' }),
          options: [
            { value: 'true', label: intl.formatMessage({ id: 'audits.actingInOrganization' }) },
            { value: 'false', label: intl.formatMessage({ id: 'audits.notActing' }) },
          ],
          minWidth: 150,
        },
        { name: 'from', render: dateField(intl.formatMessage({ id: 'audits.from' })) },
        { name: 'to', render: dateField(intl.formatMessage({ id: 'audits.to' })) },
      ]}
      columns={columns}
      useItems={useListAuditsQuery}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.auditsExport}
      exportFileName="audits.csv"
      table={{
        size: 'small',
        fixedLayoutFrom: 'md',
        renderDetail: (row) =>
          open.has(row.id) ? <EntryDetail row={row} showOrganization={showOrganization} /> : null,
        getDetailId: detailId,
      }}
      header={
        organizationId ? (
          <Typography variant="h5" component="h2" sx={{ mb: 4 }}>
            <FormattedMessage id="audits.auditTrail" />
          </Typography>
        ) : (
          <PageHeader
            title={intl.formatMessage({ id: 'audits.title' })}
            subtitle={intl.formatMessage(
              { id: 'audits.subtitle' },
              { scope: seesAll ? 'platform' : 'organization' },
            )}
          />
        )
      }
      empty={{
        icon: <FactCheckOutlined />,
        none: {
          title: intl.formatMessage({ id: 'audits.empty.title' }),
          description: intl.formatMessage({ id: 'audits.empty.description' }),
        },
        noMatch: {
          title: intl.formatMessage({ id: 'audits.noMatch.title' }),
          description: intl.formatMessage({ id: 'audits.noMatch.description' }),
        },
      }}
    />
  );
}
