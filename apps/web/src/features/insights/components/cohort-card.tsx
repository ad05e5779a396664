import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TInsightsData } from '@laurel/contract/insights';

import { DetailGrid } from '../../../components/display/detail-grid';
import { formatDateTime } from '../../../lib/format/format';
import type { CredentialDataGapCode } from '@laurel/contract/constants';
import { formatCount, formatPeopleCount, formatPercent } from '../lib/format-insights';

/** Each data gap's name in the catalogues. */
const DATA_GAP_IDS = {
  MISSING_EQUIFAX: 'insights.cohort.gap.missingEquifax',
  MISSING_EARNINGS: 'insights.cohort.gap.missingEarnings',
  MISSING_EMPLOYMENT: 'insights.cohort.gap.missingEmployment',
} as const satisfies Record<CredentialDataGapCode, string>;

/** Who the figures describe, how current they are, and whose data are missing and why. */
export function CohortCard({ data }: { data: TInsightsData }) {
  const intl = useIntl();
  const { awards, matched } = data.cohort;
  // Counts under 10 read "Fewer than 10"; only a gap of 10 or more known to be empty is left out.
  const gaps = data.dataGaps.filter((gap) => gap.count !== 0);
  return (
    <Card component="section" aria-labelledby="insights-cohort-title" sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography id="insights-cohort-title" variant="h6" component="h3" sx={{ mb: 4 }}>
        <FormattedMessage id="insights.cohort.title" />
      </Typography>
      <DetailGrid
        items={[
          {
            label: intl.formatMessage({ id: 'insights.cohort.awards' }),
            value: formatCount(awards),
          },
          {
            label: intl.formatMessage({ id: 'insights.cohort.matched' }),
            value:
              awards > 0 && matched.count !== null
                ? intl.formatMessage(
                    { id: 'insights.cohort.matchedShare' },
                    {
                      count: formatCount(matched.count),
                      percent: formatPercent(matched.count / awards),
                    },
                  )
                : formatPeopleCount(matched, intl),
          },
          {
            label: intl.formatMessage({ id: 'insights.cohort.awardYears' }),
            value:
              data.awardYearFrom === null || data.awardYearTo === null
                ? intl.formatMessage({ id: 'insights.cohort.allYears' })
                : data.awardYearFrom === data.awardYearTo
                  ? String(data.awardYearFrom)
                  : intl.formatMessage(
                      { id: 'insights.cohort.yearRange' },
                      { from: String(data.awardYearFrom), to: String(data.awardYearTo) },
                    ),
          },
          {
            label: intl.formatMessage({ id: 'insights.cohort.dataThrough' }),
            value: String(data.asOfYear),
          },
          {
            label: intl.formatMessage({ id: 'insights.cohort.money' }),
            value: intl.formatMessage(
              { id: 'insights.cohort.moneyValue' },
              { year: String(data.dollarsOfYear) },
            ),
          },
          {
            label: intl.formatMessage({ id: 'insights.cohort.computed' }),
            value: data.builtAt
              ? formatDateTime(data.builtAt)
              : intl.formatMessage({ id: 'insights.cohort.notYet' }),
          },
        ]}
      />
      <Typography
        component="h4"
        variant="caption"
        color="text.secondary"
        sx={{
          display: 'block',
          mt: 6,
          mb: 2,
          fontWeight: 700,
          textTransform: 'uppercase',
          letterSpacing: '0.06em',
        }}
      >
        <FormattedMessage id="insights.cohort.gaps" />
      </Typography>
      {gaps.length === 0 ? (
        <Typography color="text.secondary">
          <FormattedMessage id="insights.cohort.noGaps" />
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {gaps.map((gap) => (
            <Box
              component="li"
              key={gap.code}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}
            >
              <Typography component="span" sx={{ fontWeight: 700, minWidth: 104 }}>
                {formatPeopleCount(gap, intl)}
              </Typography>
              <Typography component="span">
                <FormattedMessage id={DATA_GAP_IDS[gap.code]} />
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
