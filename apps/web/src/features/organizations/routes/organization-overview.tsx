import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { TOrganization } from '@laurel/contract/organizations';

import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { BookmarkList } from '../../../components/bookmarks/bookmark-list';
import { DetailGrid } from '../../../components/display/detail-grid';
import { statusLabel } from '../../../components/display/status-chip';
import { useGetOrganizationQuery } from '../../../lib/api/organization-api';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { useSalesforceUrl } from '../../../lib/lookups/lookups-api';
import { useCan } from '../../../lib/auth/use-can';
import { EarningsImportCard } from '../components/earnings-import-card';
import { SsoSettingsCard } from '../components/sso-settings-card';

/** Shown for an empty value, the same in every language. */
const NO_VALUE = '—';

/** `<baseUrl>/lightning/r/Account/<id>/view` (DESIGN §3). */
function salesforceAccountHref(baseUrl: string, accountId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/lightning/r/Account/${encodeURIComponent(accountId)}/view`;
}

/** The CRM account's row of the overview (platform admins only). */
function salesforceItem(organization: TOrganization, baseUrl: string | null, intl: IntlShape) {
  return {
    label: intl.formatMessage({ id: 'organizations.overview.salesforce' }),
    value:
      organization.salesforceAccountId && baseUrl ? (
        <Link
          href={salesforceAccountHref(baseUrl, organization.salesforceAccountId)}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
        >
          <FormattedMessage id="organizations.overview.openInSalesforce" />
          <OpenInNewOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
        </Link>
      ) : (
        intl.formatMessage({ id: 'organizations.overview.noAccount' })
      ),
  };
}

/** The organization page's first tab: what the organization is, with its counts. */
export default function OrganizationOverviewRoute() {
  const { organizationId } = useOrganizationRoute();
  const { data: organization } = useGetOrganizationQuery(organizationId ?? 0);
  const canDo = useCan();
  const intl = useIntl();
  // The CRM link is the platform's own business: customers see no trace of it.
  const seesInternal = canDo('read:internal');
  const salesforce = useSalesforceUrl({ skip: !seesInternal });
  if (!organization) return null;
  const canEditSso =
    canDo('manage:sso', { organizationId: organization.id }) && !organization.isPlatform;
  const canManageScim =
    canDo('manage:scim', { organizationId: organization.id }) && !organization.isPlatform;
  const location = [organization.city, organization.state].filter(Boolean).join(', ');

  return (
    <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <Card>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 4 }}>
            <FormattedMessage id="nav.overview" />
          </Typography>
          <DetailGrid
            items={[
              {
                label: intl.formatMessage({ id: 'organizations.type' }),
                value: organization.typeName,
              },
              {
                label: intl.formatMessage({ id: 'organizations.signIn' }),
                value: intl.formatMessage(
                  { id: 'organizations.loginMode' },
                  { mode: organization.loginMode },
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.website' }),
                // Only web addresses become links; anything older stored shows as plain text.
                value: !organization.website ? (
                  NO_VALUE
                ) : /^https?:\/\//i.test(organization.website) ? (
                  <Link href={organization.website} target="_blank" rel="noopener noreferrer">
                    {organization.website.replace(/^https?:\/\//i, '')}
                  </Link>
                ) : (
                  organization.website
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.location' }),
                value: location || NO_VALUE,
              },
              {
                label: intl.formatMessage({ id: 'organizations.status' }),
                value: statusLabel(organization.status),
              },
              {
                label: intl.formatMessage({ id: 'nav.insights' }),
                value: intl.formatMessage(
                  { id: 'organizations.overview.included' },
                  { included: String(organization.insightsEntitled) },
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.overview.authenticatorApp' }),
                value: intl.formatMessage(
                  { id: 'organizations.overview.required' },
                  { required: String(organization.mfaRequired) },
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.overview.passkeys' }),
                value: intl.formatMessage(
                  { id: 'organizations.overview.allowed' },
                  { allowed: String(organization.passkeysAllowed) },
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.overview.emailCodes' }),
                value: intl.formatMessage(
                  { id: 'organizations.overview.allowed' },
                  { allowed: String(organization.emailCodesAllowed) },
                ),
              },
              {
                label: intl.formatMessage({ id: 'organizations.created' }),
                value: formatDate(organization.createdAt),
              },
              {
                label: intl.formatMessage({ id: 'organizations.overview.updated' }),
                value: formatDate(organization.updatedAt),
              },
              ...(seesInternal ? [salesforceItem(organization, salesforce.data, intl)] : []),
            ]}
          />
          <Box
            sx={{
              mt: 6,
              pt: 5,
              borderTop: 1,
              borderColor: 'divider',
              display: 'grid',
              gap: 4,
              gridTemplateColumns: 'repeat(3, 1fr)',
            }}
          >
            {[
              { label: intl.formatMessage({ id: 'nav.users' }), value: organization.userCount },
              {
                label: intl.formatMessage({ id: 'nav.credentials' }),
                value: organization.credentialCount,
              },
              {
                label: intl.formatMessage({ id: 'nav.contracts' }),
                value: organization.contractCount,
              },
            ].map((count) => (
              <Box key={count.label}>
                <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
                  {formatNumber(count.value)}
                </Typography>
                <Typography color="text.secondary">{count.label}</Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <BookmarkList
          title={intl.formatMessage({ id: 'organizations.overview.bookmarked' })}
          organizationId={organization.id}
        />
      </Card>
      {canEditSso || canManageScim ? (
        // minWidth 0: the tokens table scrolls within the card instead of widening the page.
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <SsoSettingsCard
            organizationId={organization.id}
            loginMode={organization.loginMode}
            companySignIn={canEditSso}
            oidcAllowed={canDo('update:organization', { organizationId: organization.id })}
            provisioning={canManageScim}
          />
        </Box>
      ) : null}
      {canDo('import:earnings', { organizationId: organization.id }) && !organization.isPlatform ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <EarningsImportCard
            organizationId={organization.id}
            entitled={organization.insightsEntitled}
          />
        </Box>
      ) : null}
    </Box>
  );
}
