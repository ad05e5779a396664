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
import { AWARD_MATCH_STATUS_LABELS } from '@laurel/contract/credentials';
import { BADGE_STATE_LABELS } from '@laurel/contract/open-badges';

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
        <CircularProgress aria-label="Loading the awardee" />
      </Box>
    );
  return <AwardeePage awardee={awardee} />;
}

function AwardeePage({ awardee }: { awardee: TAwardee }) {
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
      <PageHeader overline={`Awardee · ${awardee.externalId}`} title={name} />
      <Card sx={{ mb: 6 }}>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <DetailGrid
            items={[
              { label: 'External id', value: awardee.externalId },
              { label: 'E-mail', value: awardee.email ?? '—' },
              { label: 'Organization', value: awardee.organizationName },
              { label: 'Awards', value: formatNumber(awardee.awards.length) },
            ]}
          />
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="awardee-awards">
        <Typography id="awardee-awards" variant="h6" component="h2" sx={{ px: 4, pt: 5, pb: 2 }}>
          Awards
        </Typography>
        <TableContainer>
          <Table aria-labelledby="awardee-awards">
            <TableHead>
              <TableRow>
                <TableCell>Credential</TableCell>
                <TableCell>Awarded</TableCell>
                {showMatch ? <TableCell>Match</TableCell> : null}
                {showSigned ? <TableCell>Signed credential</TableCell> : null}
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
                    <TableCell>{AWARD_MATCH_STATUS_LABELS[award.matchStatus]}</TableCell>
                  ) : null}
                  {showSigned ? (
                    <TableCell>
                      {award.signedCredential.verificationUrl ? (
                        <Link
                          href={award.signedCredential.verificationUrl}
                          target="_blank"
                          rel="noopener"
                          aria-label={`${BADGE_STATE_LABELS[award.signedCredential.state]}: open the public page of the ${award.credentialName} credential`}
                        >
                          {BADGE_STATE_LABELS[award.signedCredential.state]}
                        </Link>
                      ) : (
                        BADGE_STATE_LABELS[award.signedCredential.state]
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
