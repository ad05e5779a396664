import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TContract, TLineItem } from '@laurel/contract/contracts';

import { UsageBar } from '../../../components/display/usage-bar';
import { getErrorText } from '../../../lib/errors/error-text';
import { daysUntil, formatDate, formatNumber } from '../../../lib/format/format';
import { getOrganizationHref, getOrganizationItemHref } from '../../../lib/routing/paths';
import { useItemHref } from '../../../lib/routing/use-item-href';
import { useGetCurrentContractsQuery } from '../api/contracts-api';
import { billingLabelText } from '../lib/billing-code-text';

/** Punctuation, the same in every language. */
const SEPARATOR = ' · ';

const itemGrid = {
  display: 'grid',
  gap: { xs: 4, md: 6 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' },
} as const;

function LineItemUsage({ item }: { item: TLineItem }) {
  const intl = useIntl();
  const line = billingLabelText(intl, item.billingCodeLabel);
  const numbers = intl.formatMessage(
    { id: 'contracts.usedOf' },
    { used: formatNumber(item.used), included: formatNumber(item.includedQuantity) },
  );
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
        {line}
      </Typography>
      <UsageBar
        used={item.used}
        included={item.includedQuantity}
        label={intl.formatMessage({ id: 'contracts.lineUsage' }, { line, numbers })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {numbers}
        {item.overage > 0 ? (
          <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
            {SEPARATOR}
            <FormattedMessage id="contracts.over" values={{ over: formatNumber(item.overage) }} />
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}

function CurrentContract({ contract }: { contract: TContract }) {
  const itemHref = useItemHref();
  const left = daysUntil(contract.endDate);
  return (
    <Box component="li" sx={{ '& + &': { mt: 5, pt: 5, borderTop: 1, borderColor: 'divider' } }}>
      <Link
        component={RouterLink}
        to={itemHref('contracts', contract.id, contract.organizationId)}
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        <FormattedMessage
          id="contracts.numberAndName"
          values={{ number: contract.number, name: contract.name }}
        />
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        <FormattedMessage
          id="contracts.usage.period"
          values={{
            start: formatDate(contract.startDate),
            end: formatDate(contract.endDate),
            left: Math.max(left, 0),
          }}
        />
      </Typography>
      {contract.lineItems.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="contracts.usage.noLineItems" />
        </Typography>
      ) : (
        <Box sx={itemGrid}>
          {contract.lineItems.map((item) => (
            <LineItemUsage key={item.id} item={item} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * "Contract usage" on a member's dashboard: the contracts that cover today, with seats and matches
 * used against what each includes, as the contract page shows them.
 */
export function ContractUsageCard({ organizationId }: { organizationId: number }) {
  const { data, error, isLoading } = useGetCurrentContractsQuery(organizationId);
  const listHref = getOrganizationItemHref(getOrganizationHref(organizationId), 'contracts');
  let body;
  if (error && !data) {
    body = (
      <Alert severity="error" variant="outlined">
        <FormattedMessage id="contracts.usage.failed" values={{ error: getErrorText(error) }} />
      </Alert>
    );
  } else if (isLoading || !data) {
    body = (
      <Box sx={itemGrid} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
      </Box>
    );
  } else if (data.contracts.length === 0) {
    body = (
      <Typography color="text.secondary">
        <FormattedMessage id="contracts.usage.none" />
      </Typography>
    );
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.contracts.map((contract) => (
          <CurrentContract key={contract.id} contract={contract} />
        ))}
      </Box>
    );
  }
  return (
    <Card component="section" aria-labelledby="contract-usage-title" sx={{ p: 5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography id="contract-usage-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          <FormattedMessage id="contracts.usage.title" />
        </Typography>
        <Button component={RouterLink} to={listHref} size="small">
          <FormattedMessage id="contracts.usage.all" />
        </Button>
      </Box>
      {body}
    </Card>
  );
}
