import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FormattedMessage, useIntl } from 'react-intl';
import Typography from '@mui/material/Typography';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { AWARD_SORTS, type TAward, type TCredential } from '@laurel/contract/credentials';

import { usePageTitle } from '../../../lib/routing/page-title';
import { getAwardeeHref } from '../../../lib/routing/paths';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { BookmarkButton } from '../../../components/bookmarks/bookmark-button';
import { DataTable, type Column } from '../../../components/data-table/data-table';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { DetailGrid } from '../../../components/display/detail-grid';
import { StatusChip } from '../../../components/display/status-chip';
import { EmptyState } from '../../../components/feedback/empty-state';
import { NoAccess } from '../../../components/feedback/no-access';
import { ConfirmDialog } from '../../../components/forms/confirm-dialog';
import { BreadcrumbsBar } from '../../../components/layout/breadcrumbs-bar';
import { PageHeader } from '../../../components/layout/page-header';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { useCan } from '../../../lib/auth/use-can';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { getErrorText } from '../../../lib/errors/error-text';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format/format';
import { useListParams } from '../../../lib/list/use-list-params';
import {
  useGetCredentialIssuingQuery,
  useGetCredentialQuery,
  useListAwardBadgesQuery,
  useListAwardsQuery,
  useUpdateCredentialMutation,
} from '../api/credentials-api';
import { CredentialFormDialog } from '../components/credential-form-dialog';
import { AwardBadgeCell, SignedCredentialsCard } from '../components/signed-credentials';

/** What the page hands to its insights tab; the app composes the insights feature into it. */
interface CredentialInsightsProps {
  organizationId: number;
  credentialId: number;
  subject: string;
}

export interface CredentialRouteProps {
  renderInsights: (props: CredentialInsightsProps) => ReactNode;
}

/** Shown for an empty value, the same in every language. */
const NO_VALUE = '—';

const TABS = ['details', 'awards', 'insights'] as const;
type TabName = (typeof TABS)[number];

/** `{organization route}/credentials/:credentialId`: details, awards and insights. */
export default function CredentialRoute({ renderInsights }: CredentialRouteProps) {
  const { credentialId } = useParams();
  const id = Number(credentialId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { organizationId } = useOrganizationRoute();
  const intl = useIntl();
  const { data: credential, error } = useGetCredentialQuery(id, { skip: !valid });
  const denied =
    !valid || Boolean(error) || (credential && credential.organizationId !== organizationId);
  usePageTitle(
    denied ? undefined : credential ? [credential.name, credential.organizationName] : null,
  );
  if (denied) return <NoAccess />;
  if (!credential)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress
          aria-label={intl.formatMessage({ id: 'credentials.credential.loading' })}
        />
      </Box>
    );
  return <CredentialPage credential={credential} renderInsights={renderInsights} />;
}

function CredentialPage({
  credential,
  renderInsights,
}: CredentialRouteProps & { credential: TCredential }) {
  const { organizationHref } = useOrganizationRoute();
  const { data: organization } = useGetOrganizationQuery(credential.organizationId);
  const canDo = useCan();
  const canEdit = canDo('update:credential', { organizationId: credential.organizationId });
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabName = TABS.includes(searchParams.get('tab') as TabName)
    ? (searchParams.get('tab') as TabName)
    : 'details';
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update, { isLoading: saving }] = useUpdateCredentialMutation();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();
  const archived = credential.status === 'ARCHIVED';

  useBreadcrumbs({
    organization: {
      label: organization?.name ?? credential.organizationName,
      href: organizationHref ?? undefined,
    },
    credential: { label: credential.name },
  });

  const setStatus = async () => {
    try {
      await update({
        id: credential.id,
        body: { status: archived ? 'ACTIVE' : 'ARCHIVED' },
      }).unwrap();
      showSnackbar(
        intl.formatMessage(
          { id: 'credentials.credential.statusSaved' },
          { archived: String(archived) },
        ),
        'success',
      );
      setConfirming(false);
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };

  return (
    <>
      <BreadcrumbsBar />
      <PageHeader
        overline={intl.formatMessage(
          { id: 'credentials.credential.overline' },
          { code: credential.code },
        )}
        title={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}
          >
            {credential.name}
            <StatusChip status={credential.status} />
          </Box>
        }
        actions={
          <>
            <BookmarkButton
              target={{
                itemType: 'credentials',
                itemId: credential.id,
                itemName: credential.name,
                organizationId: credential.organizationId,
              }}
            />
            {canEdit ? (
              <>
                <Button
                  variant="outlined"
                  color={archived ? 'primary' : 'warning'}
                  startIcon={archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
                  onClick={() => setConfirming(true)}
                >
                  <FormattedMessage
                    id="credentials.credential.archive"
                    values={{ archived: String(archived) }}
                  />
                </Button>
                <Button
                  variant="contained"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                >
                  <FormattedMessage id="credentials.credential.edit" />
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) =>
            setSearchParams(next === 'details' ? {} : { tab: next }, { replace: true })
          }
          aria-label={intl.formatMessage({ id: 'credentials.credential.sections' })}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab
            value="details"
            label={intl.formatMessage({ id: 'credentials.credential.details' })}
            id="tab-details"
            aria-controls="panel-details"
          />
          <Tab
            value="awards"
            label={intl.formatMessage({ id: 'credentials.awards' })}
            id="tab-awards"
            aria-controls="panel-awards"
          />
          <Tab
            value="insights"
            label={intl.formatMessage({ id: 'nav.insights' })}
            id="tab-insights"
            aria-controls="panel-insights"
          />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'details' ? <CredentialDetails credential={credential} /> : null}
        {tab === 'awards' ? (
          <>
            <SignedCredentialsCard
              credential={credential}
              organizationName={organization?.name ?? credential.organizationName}
            />
            <AwardsList
              credential={credential}
              matched={organization ? organization.insightsEntitled : false}
            />
          </>
        ) : null}
        {tab === 'insights' ? (
          <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
            {renderInsights({
              organizationId: credential.organizationId,
              credentialId: credential.id,
              subject: credential.name,
            })}
          </Suspense>
        ) : null}
      </Box>
      <CredentialFormDialog
        open={editing}
        credential={credential}
        organizationId={credential.organizationId}
        onClose={() => setEditing(false)}
      />
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage(
          { id: 'credentials.credential.archiveTitle' },
          { archived: String(archived) },
        )}
        confirmLabel={intl.formatMessage(
          { id: 'credentials.credential.archive' },
          { archived: String(archived) },
        )}
        destructive={!archived}
        busy={saving}
        onConfirm={() => void setStatus()}
        onCancel={() => setConfirming(false)}
      >
        <FormattedMessage
          id="credentials.credential.archiveDescription"
          values={{ archived: String(archived), name: credential.name }}
        />
      </ConfirmDialog>
    </>
  );
}

function CredentialDetails({ credential }: { credential: TCredential }) {
  const intl = useIntl();
  const years =
    credential.firstAwardYear && credential.lastAwardYear
      ? credential.firstAwardYear === credential.lastAwardYear
        ? String(credential.firstAwardYear)
        : `${credential.firstAwardYear}–${credential.lastAwardYear}`
      : intl.formatMessage({ id: 'credentials.noAwards' });
  return (
    <Card>
      <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
        <DetailGrid
          items={[
            {
              label: intl.formatMessage({ id: 'credentials.organization' }),
              value: credential.organizationName,
            },
            { label: intl.formatMessage({ id: 'credentials.type' }), value: credential.typeName },
            { label: intl.formatMessage({ id: 'credentials.code' }), value: credential.code },
            {
              label: intl.formatMessage({ id: 'credentials.programCode' }),
              value: credential.programCode ?? NO_VALUE,
            },
            {
              label: intl.formatMessage({ id: 'credentials.awards' }),
              value: formatNumber(credential.awardCount),
            },
            {
              label: intl.formatMessage({ id: 'credentials.credential.awardYears' }),
              value: years,
            },
            {
              label: intl.formatMessage({ id: 'credentials.created' }),
              value: formatDate(credential.createdAt),
            },
            {
              label: intl.formatMessage({ id: 'credentials.updated' }),
              value: formatDateTime(credential.updatedAt),
            },
          ]}
        />
        {credential.description ? (
          <Box sx={{ mt: 6 }}>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
            >
              <FormattedMessage id="credentials.description" />
            </Typography>
            <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{credential.description}</Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

type AwardSort = (typeof AWARD_SORTS)[number];

/**
 * The people who earned the credential. Their match status is shown only where the organization's
 * contract includes earnings data: elsewhere nobody is ever matched, so "not checked yet" would mislead.
 */
function AwardsList({ credential, matched }: { credential: TCredential; matched: boolean }) {
  const { organizationHref } = useOrganizationRoute();
  const intl = useIntl();
  const canUpload = useCan()('create:upload', { organizationId: credential.organizationId });
  const list = useListParams<AwardSort>({
    sorts: AWARD_SORTS,
    defaultSort: 'awardDate',
    defaultOrder: 'desc',
  });
  const { data, isLoading, isFetching } = useListAwardsQuery({
    id: credential.id,
    params: list.query,
  });
  // The signed credential of each award on the page, once issuing has ever been on.
  const { data: issuing } = useGetCredentialIssuingQuery(credential.id);
  const pageIds = data?.items.map((row) => row.id) ?? [];
  const showBadges = Boolean(issuing && (issuing.enabled || issuing.issued + issuing.revoked > 0));
  const { data: badges } = useListAwardBadgesQuery(
    { id: credential.id, awardIds: pageIds },
    { skip: !showBadges || pageIds.length === 0, pollingInterval: issuing?.issuing ? 2000 : 0 },
  );
  const badgeStates = showBadges
    ? new Map(badges?.items.map((badge) => [badge.awardId, badge]) ?? [])
    : null;
  const columns: Column<TAward, AwardSort>[] = [
    {
      key: 'name',
      label: intl.formatMessage({ id: 'credentials.name' }),
      sort: 'lastName',
      // The person's page lists their awards of every credential of the organization.
      render: (row) =>
        organizationHref ? (
          <Link
            component={RouterLink}
            to={getAwardeeHref(organizationHref, row.id)}
            sx={{ fontWeight: 600 }}
          >
            <FormattedMessage
              id="credentials.awardee"
              values={{ first: row.firstName, last: row.lastName }}
            />
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 600 }}>
            <FormattedMessage
              id="credentials.awardee"
              values={{ first: row.firstName, last: row.lastName }}
            />
          </Typography>
        ),
    },
    {
      key: 'externalId',
      label: intl.formatMessage({ id: 'credentials.externalId' }),
      sort: 'externalId',
      render: (row) => row.externalId,
      hideBelow: 'sm',
    },
    {
      key: 'email',
      label: intl.formatMessage({ id: 'credentials.email' }),
      render: (row) => row.email ?? NO_VALUE,
      hideBelow: 'md',
    },
    {
      key: 'awardDate',
      label: intl.formatMessage({ id: 'credentials.awarded' }),
      sort: 'awardDate',
      render: (row) => formatDate(row.awardDate),
    },
  ];
  if (matched)
    columns.push({
      key: 'match',
      label: intl.formatMessage({ id: 'credentials.match' }),
      render: (row) =>
        intl.formatMessage({ id: 'credentials.matchStatus' }, { status: row.matchStatus }),
      hideBelow: 'sm',
    });
  if (badgeStates)
    columns.push({
      key: 'badge',
      label: intl.formatMessage({ id: 'credentials.signedCredential' }),
      render: (row) => (
        <AwardBadgeCell
          badge={badgeStates.get(row.id)}
          credentialId={credential.id}
          organizationId={credential.organizationId}
          holder={`${row.firstName} ${row.lastName}`}
        />
      ),
    });
  return (
    <Card>
      <ListToolbar
        searchLabel={intl.formatMessage({ id: 'credentials.searchAwards' })}
        search={list.search}
        onSearch={list.setSearch}
      />
      <DataTable
        label={intl.formatMessage({ id: 'credentials.awardsOf' }, { name: credential.name })}
        columns={columns}
        rows={data?.items}
        getRowKey={(row) => row.id}
        loading={isLoading || isFetching}
        total={data?.total ?? 0}
        totalIsLowerBound={data?.totalIsLowerBound}
        {...list.table}
        empty={
          <EmptyState
            icon={<PeopleAltOutlined />}
            title={
              list.hasCriteria
                ? intl.formatMessage({ id: 'credentials.awardsNoMatch' })
                : intl.formatMessage({ id: 'credentials.noAwards' })
            }
            description={
              list.hasCriteria
                ? intl.formatMessage({ id: 'credentials.awardsNoMatchDescription' })
                : intl.formatMessage(
                    { id: 'credentials.noAwardsDescription' },
                    { canUpload: String(canUpload) },
                  )
            }
          />
        }
      />
    </Card>
  );
}
