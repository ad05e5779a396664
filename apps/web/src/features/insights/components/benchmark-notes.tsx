import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TBenchmarkComparison, TBenchmarkReference } from '@laurel/contract/benchmarks';

import { visuallyHidden } from '../../../components/feedback/visually-hidden';
import { paths } from '../../../lib/routing/paths';
import { ENGLISH, formatMoney, formatMoneyChange, type Words } from '../lib/format-insights';
import { useChartColors } from './use-chart-colors';

/** Differences are stated to the hundred dollars: the figures are estimates. */
const toHundreds = (value: number) => Math.round(value / 100) * 100;

/** "+$8,200 above the benchmark", "$3,100 below the benchmark" or "At the benchmark". */
export function describeBenchmarkDifference(
  salary: number,
  benchmark: number,
  intl: Words = ENGLISH,
): string {
  const difference = toHundreds(salary - benchmark);
  if (difference === 0) return intl.formatMessage({ id: 'insights.benchmark.at' });
  return difference > 0
    ? intl.formatMessage(
        { id: 'insights.benchmark.above' },
        { amount: formatMoneyChange(difference) },
      )
    : intl.formatMessage({ id: 'insights.benchmark.below' }, { amount: formatMoney(-difference) });
}

/** What a benchmark figure covers: "CIP 51.3801 in OR, 2023". */
function describeBenchmark(reference: TBenchmarkReference, intl: Words): string {
  const what = reference.code
    ? `${reference.codeSystem} ${reference.code}`
    : intl.formatMessage({ id: 'insights.benchmark.highSchool' });
  const where =
    reference.geography === 'US'
      ? intl.formatMessage({ id: 'insights.benchmark.us' })
      : reference.geography;
  return intl.formatMessage(
    { id: 'insights.benchmark.reference' },
    { what, where, year: String(reference.year) },
  );
}

/** The salary card's line: the salary against the benchmark of the credential's field, with its source. */
export function SalaryBenchmarkLine({
  salary,
  benchmark,
}: {
  salary: number;
  benchmark: TBenchmarkReference;
}) {
  const intl = useIntl();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="salary-benchmark">
      <FormattedMessage
        id="insights.benchmark.line"
        values={{
          b: (chunks) => (
            <Box component="strong" sx={{ color: 'text.primary' }}>
              {chunks}
            </Box>
          ),
          difference: describeBenchmarkDifference(salary, benchmark.value, intl),
          value: formatMoney(benchmark.value),
          reference: describeBenchmark(benchmark, intl),
          source: benchmark.source,
          dataSet: benchmark.dataSetName,
        }}
      />
    </Typography>
  );
}

/**
 * Under the chart: what the dashed line is, and the earnings premium over the high-school
 * earnings threshold (the Financial Value Transparency measure), each with its source.
 */
export function BenchmarkLegend({
  comparison,
  salary,
}: {
  comparison: TBenchmarkComparison;
  /** The salary a year after the award; null when it is not shown. */
  salary: number | null;
}) {
  const colors = useChartColors();
  const intl = useIntl();
  const { benchmark, threshold, dollarsOfYear } = comparison;
  if (!benchmark && !threshold) return null;
  return (
    <Box
      sx={{ mt: 3, display: 'grid', gap: 1.5, color: 'text.secondary' }}
      data-testid="benchmark-legend"
    >
      {benchmark ? (
        <Typography variant="body2" sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              flex: 'none',
              width: 24,
              borderTop: `2px dashed ${colors.reference}`,
              transform: 'translateY(-3px)',
            }}
          />
          <span>
            <FormattedMessage
              id="insights.benchmark.legend"
              values={{
                value: formatMoney(benchmark.value),
                reference: describeBenchmark(benchmark, intl),
                year: String(dollarsOfYear),
                source: benchmark.source,
              }}
            />
          </span>
        </Typography>
      ) : null}
      {threshold && salary !== null ? (
        <Typography variant="body2" data-testid="earnings-premium">
          <FormattedMessage
            id="insights.benchmark.premium"
            values={{
              b: (chunks) => (
                <Box component="strong" sx={{ color: 'text.primary' }}>
                  {chunks}
                </Box>
              ),
              link: (chunks) => (
                <Link
                  component={RouterLink}
                  to={paths.insightsMethodology.getHref('benchmarks')}
                  sx={{ fontWeight: 600 }}
                >
                  {chunks}
                </Link>
              ),
              hidden: (chunks) => (
                <Box component="span" sx={visuallyHidden}>
                  {chunks}
                </Box>
              ),
              premium: formatMoneyChange(toHundreds(salary - threshold.value)),
              threshold: formatMoney(threshold.value),
              reference: describeBenchmark(threshold, intl),
              source: threshold.source,
            }}
          />
        </Typography>
      ) : null}
    </Box>
  );
}
