import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { LOGIN_MODE_LABELS } from '@laurel/contract/constants';
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

/** `<baseUrl>/lightning/r/Account/<id>/view` (DESIGN §3). */
function salesforceAccountHref(baseUrl: string, accountId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/lightning/r/Account/${encodeURIComponent(accountId)}/view`;
}

/** The CRM account's row of the overview (platform admins only). */
function salesforceItem(organization: TOrganization, baseUrl: string | null) {
  return {
    label: 'Salesforce',
    value:
      organization.salesforceAccountId && baseUrl ? (
        <Link
          href={salesforceAccountHref(baseUrl, organization.salesforceAccountId)}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
        >
          Open in Salesforce
          <OpenInNewOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
        </Link>
      ) : (
        'No account linked'
      ),
  };
}

/** The organization page's first tab: what the organization is, with its counts. */
export default function OrganizationOverviewRoute() {
  const { organizationId } = useOrganizationRoute();
  const { data: organization } = useGetOrganizationQuery(organizationId ?? 0);
  const canDo = useCan();
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
            Overview
          </Typography>
          <DetailGrid
            items={[
              { label: 'Type', value: organization.typeName },
              {
                label: 'Sign-in',
                value: LOGIN_MODE_LABELS[organization.loginMode],
              },
              {
                label: 'Website',
                // Only web addresses become links; anything older stored shows as plain text.
                value: !organization.website ? (
                  '—'
                ) : /^https?:\/\//i.test(organization.website) ? (
                  <Link href={organization.website} target="_blank" rel="noopener noreferrer">
                    {organization.website.replace(/^https?:\/\//i, '')}
                  </Link>
                ) : (
                  organization.website
                ),
              },
              { label: 'Location', value: location || '—' },
              { label: 'Status', value: statusLabel(organization.status) },
              {
                label: 'Insights',
                value: organization.insightsEntitled ? 'Included' : 'Not included',
              },
              {
                label: 'Authenticator app',
                value: organization.mfaRequired ? 'Required' : 'Optional',
              },
              {
                label: 'Passkeys',
                value: organization.passkeysAllowed ? 'Allowed' : 'Not allowed',
              },
              {
                label: 'E-mailed sign-in codes',
                value: organization.emailCodesAllowed ? 'Allowed' : 'Not allowed',
              },
              { label: 'Created', value: formatDate(organization.createdAt) },
              { label: 'Updated', value: formatDate(organization.updatedAt) },
              ...(seesInternal ? [salesforceItem(organization, salesforce.data)] : []),
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
              { label: 'Users', value: organization.userCount },
              { label: 'Credentials', value: organization.credentialCount },
              { label: 'Contracts', value: organization.contractCount },
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
        <BookmarkList title="Bookmarked here" organizationId={organization.id} />
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
