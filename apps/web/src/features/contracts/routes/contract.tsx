import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TContract, TLineItem } from '@laurel/contract/contracts';

import { usePageTitle } from '../../../lib/routing/page-title';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { BookmarkButton } from '../../../components/bookmarks/bookmark-button';
import { DetailGrid } from '../../../components/display/detail-grid';
import { StatusChip } from '../../../components/display/status-chip';
import { UsageBar } from '../../../components/display/usage-bar';
import { NoAccess } from '../../../components/feedback/no-access';
import { BreadcrumbsBar } from '../../../components/layout/breadcrumbs-bar';
import { PageHeader } from '../../../components/layout/page-header';
import { useCan } from '../../../lib/auth/use-can';
import { useBreadcrumbs } from '../../../lib/breadcrumbs/use-breadcrumbs';
import { daysUntil, formatCurrency, formatDate, formatNumber } from '../../../lib/format/format';
import { useGetContractQuery } from '../api/contracts-api';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { billingLabelText } from '../lib/billing-code-text';

/** `{organization route}/contracts/:contractId`: status, period and line items with usage. */
export default function ContractRoute() {
  const { contractId } = useParams();
  const id = Number(contractId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { organizationId } = useOrganizationRoute();
  const intl = useIntl();
  const { data: contract, error } = useGetContractQuery(id, { skip: !valid });
  const denied =
    !valid || Boolean(error) || (contract && contract.organizationId !== organizationId);
  usePageTitle(denied ? undefined : contract ? [contract.name, contract.organizationName] : null);
  if (denied) return <NoAccess />;
  if (!contract)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'contracts.contract.loading' })} />
      </Box>
    );
  return <ContractPage contract={contract} />;
}

function ContractPage({ contract }: { contract: TContract }) {
  const { organizationHref } = useOrganizationRoute();
  const canDo = useCan();
  const [editing, setEditing] = useState(false);
  const intl = useIntl();
  useBreadcrumbs({
    organization: { label: contract.organizationName, href: organizationHref ?? undefined },
    contract: { label: contract.number },
  });
  const remainingDays = daysUntil(contract.endDate);

  return (
    <>
      <BreadcrumbsBar />
      <PageHeader
        overline={intl.formatMessage(
          { id: 'contracts.contract.overline' },
          { number: contract.number },
        )}
        title={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}
          >
            {contract.name}
            <StatusChip status={contract.status} />
          </Box>
        }
        actions={
          <>
            <BookmarkButton
              target={{
                itemType: 'contracts',
                itemId: contract.id,
                // The name the server gives the bookmark, so that it reads the same after a reload.
                itemName: contract.name,
                organizationId: contract.organizationId,
              }}
            />
            {canDo('update:contract', { organizationId: contract.organizationId }) ? (
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                onClick={() => setEditing(true)}
              >
                <FormattedMessage id="contracts.contract.edit" />
              </Button>
            ) : null}
          </>
        }
      />
      <Card sx={{ mb: 5 }}>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <DetailGrid
            items={[
              {
                label: intl.formatMessage({ id: 'contracts.organization' }),
                value: contract.organizationName,
              },
              { label: intl.formatMessage({ id: 'contracts.number' }), value: contract.number },
              {
                label: intl.formatMessage({ id: 'contracts.status' }),
                value: <StatusChip status={contract.status} />,
              },
              {
                label: intl.formatMessage({ id: 'contracts.starts' }),
                value: formatDate(contract.startDate),
              },
              {
                label: intl.formatMessage({ id: 'contracts.ends' }),
                value: formatDate(contract.endDate),
              },
              {
                label: intl.formatMessage({ id: 'contracts.contract.timeLeft' }),
                value:
                  contract.status !== 'ACTIVE'
                    ? NO_VALUE
                    : remainingDays < 0
                      ? intl.formatMessage({ id: 'contracts.contract.ended' })
                      : intl.formatMessage(
                          { id: 'contracts.contract.daysLeft' },
                          { days: remainingDays },
                        ),
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <Typography variant="h6" component="h2" sx={{ px: 6, pt: 5, pb: 2 }}>
          <FormattedMessage id="contracts.lineItems" />
        </Typography>
        {contract.lineItems.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 6, pb: 6 }}>
            <FormattedMessage
              id="contracts.contract.noLineItems"
              values={{
                canEdit: String(
                  canDo('update:contract', { organizationId: contract.organizationId }),
                ),
              }}
            />
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={intl.formatMessage({ id: 'contracts.lineItems' })}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="contracts.contract.covers" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="contracts.contract.unitPrice" />
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    <FormattedMessage id="contracts.included" />
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    <FormattedMessage id="contracts.contract.used" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="contracts.contract.remaining" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {contract.lineItems.map((item) => (
                  <LineItemRow
                    key={item.id}
                    item={item}
                    showCode={canDo('read:internal', { organizationId: contract.organizationId })}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <ContractFormDialog
        open={editing}
        organizationId={contract.organizationId}
        contract={contract}
        onClose={() => setEditing(false)}
      />
    </>
  );
}

/** Columns a phone leaves out: the line's own cell says "N of M used" there instead. */
/** Punctuation, the same in every language. */
const NO_VALUE = '—';
const SEPARATOR = ' · ';

const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A line item in words; its billing code is added for platform admins (`read:internal`). */
function LineItemRow({ item, showCode }: { item: TLineItem; showCode: boolean }) {
  const intl = useIntl();
  const line = billingLabelText(intl, item.billingCodeLabel);
  const numbers = intl.formatMessage(
    { id: 'contracts.usedOf' },
    { used: formatNumber(item.used), included: formatNumber(item.includedQuantity) },
  );
  return (
    <TableRow>
      <TableCell sx={{ minWidth: { xs: 0, sm: 220 } }}>
        <Typography sx={{ fontWeight: 700 }}>{line}</Typography>
        <Typography variant="body2" color="text.secondary">
          {item.description}
          {showCode && item.billingCode ? (
            <>
              {SEPARATOR}
              <Box component="code" sx={{ fontSize: '0.75rem' }}>
                {item.billingCode}
              </Box>
            </>
          ) : null}
        </Typography>
        <UsageBar
          used={item.used}
          included={item.includedQuantity}
          label={intl.formatMessage({ id: 'contracts.lineUsage' }, { line, numbers })}
          sx={{ mt: 2, maxWidth: 320 }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, display: { xs: 'block', sm: 'none' } }}
        >
          {numbers}
        </Typography>
      </TableCell>
      <TableCell align="right">{formatCurrency(item.unitPrice)}</TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {formatNumber(item.includedQuantity)}
      </TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {formatNumber(item.used)}
      </TableCell>
      <TableCell align="right">
        {formatNumber(item.remaining)}
        {item.overage > 0 ? (
          <Typography variant="body2" color="error.main" sx={{ fontWeight: 700 }}>
            <FormattedMessage id="contracts.over" values={{ over: formatNumber(item.overage) }} />
          </Typography>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
