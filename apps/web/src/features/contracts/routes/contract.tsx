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

/** `{organization route}/contracts/:contractId`: status, period and line items with usage. */
export default function ContractRoute() {
  const { contractId } = useParams();
  const id = Number(contractId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { organizationId } = useOrganizationRoute();
  const { data: contract, error } = useGetContractQuery(id, { skip: !valid });
  const denied =
    !valid || Boolean(error) || (contract && contract.organizationId !== organizationId);
  usePageTitle(denied ? undefined : contract ? [contract.name, contract.organizationName] : null);
  if (denied) return <NoAccess />;
  if (!contract)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
        <CircularProgress aria-label="Loading the contract" />
      </Box>
    );
  return <ContractPage contract={contract} />;
}

function ContractPage({ contract }: { contract: TContract }) {
  const { organizationHref } = useOrganizationRoute();
  const canDo = useCan();
  const [editing, setEditing] = useState(false);
  useBreadcrumbs({
    organization: { label: contract.organizationName, href: organizationHref ?? undefined },
    contract: { label: contract.number },
  });
  const remainingDays = daysUntil(contract.endDate);

  return (
    <>
      <BreadcrumbsBar />
      <PageHeader
        overline={`Contract · ${contract.number}`}
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
                Edit
              </Button>
            ) : null}
          </>
        }
      />
      <Card sx={{ mb: 5 }}>
        <CardContent sx={{ p: 6, '&:last-child': { pb: 6 } }}>
          <DetailGrid
            items={[
              { label: 'Organization', value: contract.organizationName },
              { label: 'Number', value: contract.number },
              { label: 'Status', value: <StatusChip status={contract.status} /> },
              { label: 'Starts', value: formatDate(contract.startDate) },
              { label: 'Ends', value: formatDate(contract.endDate) },
              {
                label: 'Time left',
                value:
                  contract.status !== 'ACTIVE'
                    ? '—'
                    : remainingDays < 0
                      ? 'Ended'
                      : remainingDays === 0
                        ? 'Ends today'
                        : `${formatNumber(remainingDays)} ${remainingDays === 1 ? 'day' : 'days'}`,
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <Typography variant="h6" component="h2" sx={{ px: 6, pt: 5, pb: 2 }}>
          Line items
        </Typography>
        {contract.lineItems.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 6, pb: 6 }}>
            This contract has no line items yet.
            {canDo('update:contract', { organizationId: contract.organizationId })
              ? ' Edit it to add what it covers.'
              : ''}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label="Line items">
              <TableHead>
                <TableRow>
                  <TableCell>What it covers</TableCell>
                  <TableCell align="right">Unit price</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Included
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Used
                  </TableCell>
                  <TableCell align="right">Remaining</TableCell>
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
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A line item in words; its billing code is added for platform admins (`read:internal`). */
function LineItemRow({ item, showCode }: { item: TLineItem; showCode: boolean }) {
  return (
    <TableRow>
      <TableCell sx={{ minWidth: { xs: 0, sm: 220 } }}>
        <Typography sx={{ fontWeight: 700 }}>{item.billingCodeLabel}</Typography>
        <Typography variant="body2" color="text.secondary">
          {item.description}
          {showCode && item.billingCode ? (
            <>
              {' · '}
              <Box component="code" sx={{ fontSize: '0.75rem' }}>
                {item.billingCode}
              </Box>
            </>
          ) : null}
        </Typography>
        <UsageBar
          used={item.used}
          included={item.includedQuantity}
          label={`${item.billingCodeLabel}: ${formatNumber(item.used)} of ${formatNumber(item.includedQuantity)} used`}
          sx={{ mt: 2, maxWidth: 320 }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, display: { xs: 'block', sm: 'none' } }}
        >
          {formatNumber(item.used)} of {formatNumber(item.includedQuantity)} used
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
            {formatNumber(item.overage)} over
          </Typography>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
