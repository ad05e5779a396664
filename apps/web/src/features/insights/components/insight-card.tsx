import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { InsightHiddenReason } from '@laurel/contract/insights';

import { paths } from '../../../lib/routing/paths';
import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { formatPeople, hiddenReason } from '../lib/format-insights';

/** What stands for a hidden figure. */
const NO_VALUE = '—';
/** Between a figure and the smaller words after it. */
const SPACE = ' ';

export interface InsightCardProps {
  title: string;
  icon: ReactNode;
  /** The methodology section that defines this figure. */
  methodologySection: string;
  /** The formatted figure; null shows "—". */
  value: string | null;
  /** Smaller words after the value on the same line ("over 5 years"). */
  valueSuffix?: string;
  /** A long text value (a name) in a smaller size. */
  compact?: boolean;
  /** A line under the value, e.g. the top industry's share. */
  detail?: string;
  /** What the words of the figure mean (e.g. who counts as employed). */
  definition?: string;
  /** A second line of figures under the detail (e.g. the rate's coverage). */
  extra?: ReactNode;
  /** One more line under the detail, e.g. the salary against its benchmark. */
  note?: ReactNode;
  /** People the figure covers; null when hidden. */
  n: number | null;
  /** 10 when the figure covers fewer than 10 people. */
  lessThan: number | null;
  /** Why the figure is hidden (too recent, too few people, withheld), from the API. */
  reason?: InsightHiddenReason | null;
  /** The same people at both ends of a change. */
  sameAtBothEnds?: boolean;
  suppressed: boolean;
  smallSample: boolean;
  smallSampleMin: number;
}

/** One insight figure with its n, its privacy state and a link to how it is measured. */
export function InsightCard({
  title,
  icon,
  methodologySection,
  value,
  valueSuffix,
  compact = false,
  detail,
  definition,
  extra,
  note,
  n,
  lessThan,
  reason = null,
  sameAtBothEnds = false,
  suppressed,
  smallSample,
  smallSampleMin,
}: InsightCardProps) {
  const intl = useIntl();
  const hidden = suppressed || value === null;
  const smallSampleText = intl.formatMessage(
    { id: 'insights.card.smallSampleText' },
    { min: smallSampleMin },
  );
  return (
    <Card
      component="article"
      aria-label={title}
      sx={{ display: 'flex', flexDirection: 'column', p: 5, gap: 2, minHeight: 172 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 28 }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 28,
            height: 28,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: 18 },
          }}
        >
          {icon}
        </Box>
        <Typography component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {smallSample && !hidden ? (
          <>
            <Tooltip title={smallSampleText}>
              <Chip
                aria-hidden="true"
                size="small"
                color="warning"
                variant="outlined"
                icon={<WarningAmberOutlined />}
                label={intl.formatMessage({ id: 'insights.card.smallSample' })}
              />
            </Tooltip>
            <Box component="span" sx={visuallyHidden}>
              <FormattedMessage
                id="insights.card.smallSampleHidden"
                values={{ text: smallSampleText }}
              />
            </Box>
          </>
        ) : null}
      </Box>
      <Typography
        sx={{
          fontSize: compact && !suppressed && value !== null ? '1.25rem' : '1.875rem',
          fontWeight: 700,
          lineHeight: compact ? 1.3 : 1.15,
          overflowWrap: 'anywhere',
          color: hidden ? 'text.secondary' : 'text.primary',
        }}
        data-testid="insight-value"
      >
        {hidden ? NO_VALUE : value}
        {!hidden && valueSuffix ? (
          <>
            {SPACE}
            <Box
              component="span"
              sx={{ fontSize: '1rem', fontWeight: 600, color: 'text.secondary' }}
            >
              {valueSuffix}
            </Box>
          </>
        ) : null}
      </Typography>
      {!hidden && detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
      {!hidden && extra ? extra : null}
      {!hidden && note ? note : null}
      <Typography variant="body2" color="text.secondary">
        {suppressed && (n === null || lessThan !== null)
          ? hiddenReason({ lessThan, reason }, intl)
          : value === null || n === null
            ? intl.formatMessage({ id: 'insights.card.noData' })
            : intl.formatMessage(
                { id: 'insights.card.people' },
                { people: formatPeople(n, intl), same: String(sameAtBothEnds) },
              )}
      </Typography>
      {definition ? (
        <Typography variant="caption" color="text.secondary">
          {definition}
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Link
        component={RouterLink}
        to={paths.insightsMethodology.getHref(methodologySection)}
        variant="body2"
        sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
      >
        <FormattedMessage
          id="insights.card.howMeasured"
          values={{
            title,
            hidden: (chunks) => (
              <Box component="span" sx={visuallyHidden}>
                {chunks}
              </Box>
            ),
          }}
        />
      </Link>
    </Card>
  );
}
