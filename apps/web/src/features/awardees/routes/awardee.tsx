import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAwardee } from '@laurel/contract/awardees';

import { DetailGrid } from '../../../components/display/detail-grid';
import { NoAccess } from '../../../components/feedback/no-access';
import { BreadcrumbsBar } from '../../../components/layout/breadcrumbs-bar';
import { PageHeader } from '../../../components/layout/page-header';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { formatDate, formatNumber } from '../../../lib/format/format';
import { usePageTitle } from '../../../lib/routing/page-title';
import { getOrganizationItemHref } from '../../../lib/routing/paths';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { useGetAwardeeQuery } from '../api/awardees-api';

/**
 * `{organization route}/awardees/:awardId`: the person holding the award, with every award they
 * hold from the organization. Personal data: the server answers only the organization's own people
 * and platform admins.
 */
export default function AwardeeRoute() {
  const intl = useIntl();
  const { awardId } = useParams();
  const id = Number(awardId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { organizationId } = useOrganizationRoute();
  const { data: awardee, error } = useGetAwardeeQuery(id, { skip: !valid });
  const denied = !valid || Boolean(error) || (awardee && awardee.organizationId !== organizationId);
  usePageTitle(
    denied
      ? undefined
      : awardee
        ? [`${awardee.firstName} ${awardee.lastName}`, awardee.organizationName]
        : null,
  );
  if (denied) return <NoAccess />;
  if (!awardee)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'awardees.awardee.loading' })} />
      </Box>
    );
  return <AwardeePage awardee={awardee} />;
}

function AwardeePage({ awardee }: { awardee: TAwardee }) {
  const intl = useIntl();
  const { organizationHref } = useOrganizationRoute();
  const name = `${awardee.firstName} ${awardee.lastName}`;
  useBreadcrumbs({
    organization: { label: awardee.organizationName, href: organizationHref ?? undefined },
  });
  // As on a credential's awards: where the organization's contract has no earnings data nobody is
  // ever matched, so "not checked yet" would mislead.
  const showMatch = awardee.insightsEntitled;
  // Signed credentials only where the organization issued any of this person's awards.
  const showSigned = awardee.awards.some((award) => award.signedCredential.state !== 'NOT_ISSUED');
  return (
    <>
      <BreadcrumbsBar current={name} />
      <PageHeader
        overline={intl.formatMessage(
          { id: 'awardees.awardee.overline' },
          { externalId: awardee.externalId },
        )}
        title={name}
      />
      <Card sx={{ mb: 6 }}>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <DetailGrid
            items={[
              {
                label: intl.formatMessage({ id: 'awardees.awardee.externalId' }),
                value: awardee.externalId,
              },
              {
                label: intl.formatMessage({ id: 'awardees.awardee.email' }),
                value: awardee.email ?? '—',
              },
              {
                label: intl.formatMessage({ id: 'awardees.awardee.organization' }),
                value: awardee.organizationName,
              },
              {
                label: intl.formatMessage({ id: 'awardees.awardee.awards' }),
                value: formatNumber(awardee.awards.length),
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="awardee-awards">
        <Typography id="awardee-awards" variant="h6" component="h2" sx={{ px: 4, pt: 5, pb: 2 }}>
          <FormattedMessage id="awardees.awardee.awards" />
        </Typography>
        <TableContainer>
          <Table aria-labelledby="awardee-awards">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="awardees.awardee.credential" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="awardees.awardee.awarded" />
                </TableCell>
                {showMatch ? (
                  <TableCell>
                    <FormattedMessage id="awardees.awardee.match" />
                  </TableCell>
                ) : null}
                {showSigned ? (
                  <TableCell>
                    <FormattedMessage id="awardees.awardee.signedCredential" />
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {awardee.awards.map((award) => (
                <TableRow key={award.id}>
                  <TableCell>
                    {organizationHref ? (
                      <Link
                        component={RouterLink}
                        to={getOrganizationItemHref(
                          organizationHref,
                          'credentials',
                          award.credentialId,
                        )}
                        sx={{ fontWeight: 700 }}
                      >
                        {award.credentialName}
                      </Link>
                    ) : (
                      award.credentialName
                    )}
                    <Typography variant="body2" color="text.secondary">
                      {award.credentialCode}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(award.awardDate)}</TableCell>
                  {showMatch ? (
                    <TableCell>
                      <FormattedMessage
                        id="awardees.awardee.matchStatus"
                        values={{ status: award.matchStatus }}
                      />
                    </TableCell>
                  ) : null}
                  {showSigned ? (
                    <TableCell>
                      {award.signedCredential.verificationUrl ? (
                        <Link
                          href={award.signedCredential.verificationUrl}
                          target="_blank"
                          rel="noopener"
                          aria-label={intl.formatMessage(
                            { id: 'awardees.awardee.openPublicPage' },
                            {
                              state: award.signedCredential.state,
                              credential: award.credentialName,
                            },
                          )}
                        >
                          <FormattedMessage
                            id="awardees.awardee.badgeState"
                            values={{ state: award.signedCredential.state }}
                          />
                        </Link>
                      ) : (
                        <FormattedMessage
                          id="awardees.awardee.badgeState"
                          values={{ state: award.signedCredential.state }}
                        />
                      )}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}
