import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { TInsightsData } from '@laurel/contract/insights';

import { DetailGrid } from '../../../components/display/detail-grid';
import { formatDateTime } from '../../../lib/format/format';
import { DATA_GAP_LABELS } from '@laurel/contract/constants';
import { formatCount, formatPeopleCount, formatPercent } from '../lib/format-insights';

/** Who the figures describe, how current they are, and whose data are missing and why. */
export function CohortCard({ data }: { data: TInsightsData }) {
  const { awards, matched } = data.cohort;
  // Counts under 10 read "Fewer than 10"; only a gap of 10 or more known to be empty is left out.
  const gaps = data.dataGaps.filter((gap) => gap.count !== 0);
  return (
    <Card component="section" aria-labelledby="insights-cohort-title" sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography id="insights-cohort-title" variant="h6" component="h3" sx={{ mb: 4 }}>
        Who is counted
      </Typography>
      <DetailGrid
        items={[
          { label: 'Awards', value: formatCount(awards) },
          {
            label: 'Matched by the data provider',
            value:
              awards > 0 && matched.count !== null
                ? `${formatCount(matched.count)} (${formatPercent(matched.count / awards)})`
                : formatPeopleCount(matched),
          },
          {
            label: 'Award years',
            value:
              data.awardYearFrom === null || data.awardYearTo === null
                ? 'All'
                : data.awardYearFrom === data.awardYearTo
                  ? String(data.awardYearFrom)
                  : `${data.awardYearFrom}–${data.awardYearTo}`,
          },
          { label: 'Earnings data through', value: String(data.asOfYear) },
          { label: 'Money', value: `In ${data.dollarsOfYear} dollars (CPI-U)` },
          { label: 'Computed', value: data.builtAt ? formatDateTime(data.builtAt) : 'Not yet' },
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
        Data gaps
      </Typography>
      {gaps.length === 0 ? (
        <Typography color="text.secondary">None: every award has the data it needs.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {gaps.map((gap) => (
            <Box
              component="li"
              key={gap.code}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}
            >
              <Typography component="span" sx={{ fontWeight: 700, minWidth: 104 }}>
                {formatPeopleCount(gap)}
              </Typography>
              <Typography component="span">{DATA_GAP_LABELS[gap.code]}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
